import { Trans, useLingui } from '@lingui/react/macro'
import type { WorkingTimeLine } from '~/api/admin-working-time.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { ScrollTable, td, tdNumber, th, thNumber } from '../finance/parts'
import { shortDay } from '../sessions/format'
import { duration } from './format'

/**
 * The lines of a month sheet: the guided dates (with a link to their participant list), the
 * private bookings (no link: a guide may not open a booking) and the manual entries, by day; an
 * entry can be changed or removed while the sheet is open. Scrolls sideways on a phone (a
 * focusable, labelled region).
 */
export function LinesTable(props: {
  lines: readonly WorkingTimeLine[]
  lang: Locale
  editable: boolean
  onEdit: (line: WorkingTimeLine) => void
  onDelete: (line: WorkingTimeLine) => void
}) {
  const { t } = useLingui()
  const { lang } = props
  if (props.lines.length === 0) {
    return (
      <p className="rounded-md border border-gray-300 p-4" data-testid="work-lines-empty">
        <Trans>No working time this month yet: no guided dates and no entries.</Trans>
      </p>
    )
  }
  return (
    <ScrollTable caption={t`Working time by day`} minWidth="40rem">
        <thead>
          <tr>
            <th scope="col" className={th}>
              <Trans>Date</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>What</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Time</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Break</Trans>
            </th>
            <th scope="col" className={th}>
              <Trans>Preparation</Trans>
            </th>
            <th scope="col" className={thNumber}>
              <Trans>Counted</Trans>
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.lines.map((line) => {
            const day = shortDay(line.date, lang)
            const from = line.from
            const end = line.endDate === line.date ? line.to : `${shortDay(line.endDate, lang)} ${line.to}`
            const what = line.kind === 'entry' ? line.note || t`Other work` : (line.title ?? '')
            return (
              <tr key={`${line.kind}-${line.id}`} data-testid="work-line">
                <td className={`${td} whitespace-nowrap`}>{day}</td>
                <td className={td}>
                  {line.kind === 'session' ? (
                    <a className="underline" href={`/${lang}/admin/sales/sessions/${encodeURIComponent(line.id)}/manifest`}>
                      {what}
                    </a>
                  ) : (
                    what
                  )}
                  <span className="block text-sm text-gray-700">
                    {line.kind === 'session' ? <Trans>Guided date</Trans> : line.kind === 'booking' ? <Trans>Private booking</Trans> : <Trans>Other work</Trans>}
                    {line.planned ? (
                      <>
                        {' · '}
                        <Trans>planned</Trans>
                      </>
                    ) : null}
                  </span>
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {from}–{end}
                </td>
                <td className={`${td} whitespace-nowrap`}>{line.breakMinutes ? duration(line.breakMinutes) : '–'}</td>
                <td className={`${td} whitespace-nowrap`}>{line.preparationMinutes ? duration(line.preparationMinutes) : '–'}</td>
                <td className={`${tdNumber} font-medium`}>{duration(line.minutes)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {line.kind === 'entry' && props.editable ? (
                    <span className="flex gap-2">
                      <Button size="sm" variant="gray" onClick={() => props.onEdit(line)} aria-label={t`Change the entry of ${day}, ${from}–${end}`}>
                        <Trans>Change</Trans>
                      </Button>
                      <Button size="sm" variant="gray" onClick={() => props.onDelete(line)} aria-label={t`Remove the entry of ${day}, ${from}–${end}`}>
                        <Trans>Remove</Trans>
                      </Button>
                    </span>
                  ) : null}
                </td>
              </tr>
            )
          })}
        </tbody>
    </ScrollTable>
  )
}
