import { Trans, useLingui } from '@lingui/react/macro'
import type { AvailabilityDay } from '~/api/admin-availability.queries'
import type { Locale } from '~/lib/locale'
import { longDay, weekdayNames } from '../sessions/format'
import { monthOf, monthWeeks } from '../sessions/month'
import { AvailabilityGlyph, useAvailabilityWords } from './labels'

const HALVES = ['am', 'pm'] as const

/**
 * A member's availability in a month: a calendar (Monday first) on wider screens, a list of the
 * month's days on phones. Each day says its morning and afternoon in words for screen readers
 * and with a sign (✓ ? ✕ –, ↻ from the weekly pattern) that the legend explains, never by
 * colour alone; the list shows the words and the notes.
 */
export function AvailabilityMonth(props: { month: string; days: AvailabilityDay[]; today: string; lang: Locale; labelledBy: string }) {
  const words = useAvailabilityWords()
  const { t } = useLingui()
  const byDate = new Map(props.days.map((d) => [d.date, d]))
  const short = weekdayNames(props.lang, 'short')
  const long = weekdayNames(props.lang, 'long')
  const inMonth = props.days.filter((d) => monthOf(d.date) === props.month)
  return (
    <div className="space-y-3">
      <Legend />
      <table aria-labelledby={props.labelledBy} className="hidden w-full table-fixed border-collapse md:table" data-testid="availability-month">
        <thead>
          <tr>
            {short.map((name, i) => (
              <th key={name} scope="col" abbr={long[i]} className="p-1 text-sm font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(props.month).map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const day = byDate.get(date)
                const outside = monthOf(date) !== props.month
                const today = date === props.today
                return (
                  <td
                    key={date}
                    data-date={date}
                    aria-current={today ? 'date' : undefined}
                    className={`h-24 border border-gray-300 p-1 align-top ${outside ? 'bg-gray-50 text-gray-700' : 'bg-white'} ${today ? 'ring-2 ring-inset ring-gray-900' : ''}`}
                  >
                    <span className="sr-only">{longDay(date, props.lang)}</span>
                    <span aria-hidden="true" className={`block text-sm ${today ? 'font-bold' : 'font-medium'}`}>
                      {Number(date.slice(8))}
                    </span>
                    {day ? (
                      <ul className="mt-1 space-y-1 text-xs">
                        {HALVES.map((which) => {
                          const half = day[which]
                          return (
                            <li key={which} className="flex items-center gap-1">
                              <span aria-hidden="true" className="w-6 shrink-0 font-medium">
                                {words.shortHalf[which]}
                              </span>
                              <AvailabilityGlyph value={half.availability} weekly={half.source === 'weekly'} />
                              {half.note ? (
                                <span aria-hidden="true" className="truncate" title={half.note}>
                                  {half.note}
                                </span>
                              ) : null}
                              <span className="sr-only">{words.describe(which, half)}</span>
                            </li>
                          )
                        })}
                      </ul>
                    ) : null}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-labelledby={props.labelledBy} className="divide-y divide-gray-300 rounded-md border border-gray-300 md:hidden" data-testid="availability-list">
        {inMonth.map((day) => (
          <li key={day.date} className="p-3" aria-current={day.date === props.today ? 'date' : undefined}>
            <p className="font-medium">
              {longDay(day.date, props.lang)}
              {day.date === props.today ? <span className="ml-2 text-sm font-normal">({t`today`})</span> : null}
            </p>
            <ul className="mt-1 space-y-1">
              {HALVES.map((which) => {
                const half = day[which]
                return (
                  <li key={which} className="flex items-start gap-2">
                    <AvailabilityGlyph value={half.availability} weekly={half.source === 'weekly'} />
                    <span>{words.describe(which, half)}</span>
                  </li>
                )
              })}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** What the signs mean. */
function Legend() {
  const words = useAvailabilityWords()
  const am = words.shortHalf.am
  const pm = words.shortHalf.pm
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="availability-legend">
      <span className="sr-only">
        <Trans>Legend:</Trans>
      </span>
      {(['AVAILABLE', 'MAYBE', 'UNAVAILABLE', null] as const).map((value) => (
        <span key={value ?? 'none'} className="inline-flex items-center gap-1">
          <AvailabilityGlyph value={value} />
          {words.value[value ?? 'none']}
        </span>
      ))}
      <span className="inline-flex items-center gap-1">
        <span aria-hidden="true">↻</span>
        <Trans>from the weekly pattern</Trans>
      </span>
      <span className="inline-flex items-center gap-1">
        <Trans>
          {am} = morning, {pm} = afternoon
        </Trans>
      </span>
    </div>
  )
}
