import { useId, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { PlanningBoard } from '~/api/admin-planning.queries'
import type { Locale } from '~/lib/locale'
import { longDay, shortDay } from './format'
import { SessionCard, type CardActions } from './session-card'
import { targetsOf, type PlanningTarget } from './targets'
import type { BoardView } from './search'

/** A day's dates and private bookings, by start. */
const entriesOf = (board: PlanningBoard, day: string): PlanningTarget[] => targetsOf(board).filter((t) => t.date === day)

type Props = CardActions & { board: PlanningBoard; days: string[]; view: BoardView; today: string; lang: Locale }

/**
 * The board's days: a week as seven columns (Monday first; stacked on a phone, scrolling sideways
 * where seven do not fit), or one day split into morning and afternoon. Dates and private
 * bookings by start.
 */
export function PlanningDays(props: Props) {
  const { t } = useLingui()
  if (props.view === 'day') return <DayView {...props} day={props.days[0]!} />
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- seven columns wider than the screen scroll: the keyboard must reach them (axe scrollable-region-focusable)
    <div role="region" aria-label={t`Dates of the week`} tabIndex={0} className="overflow-x-auto pb-2 focus-visible:outline-3 focus-visible:outline-accent" data-testid="planning-week">
      <ol className="grid grid-cols-1 gap-3 md:min-w-[56rem] md:grid-cols-7 md:gap-2">
        {props.days.map((day) => (
          <li key={day} className="min-w-0">
            <DayColumn {...props} day={day} />
          </li>
        ))}
      </ol>
    </div>
  )
}

function Entries(props: Props & { entries: PlanningTarget[] }) {
  return (
    <ul className="space-y-2">
      {props.entries.map((entry) => (
        <li key={`${entry.kind}-${entry.id}`}>
          <SessionCard session={entry} lang={props.lang} timeZone={props.board.timeZone} onAssign={props.onAssign} onRemove={props.onRemove} onDropGuide={props.onDropGuide} />
        </li>
      ))}
    </ul>
  )
}

function Nothing() {
  return (
    <p className="text-sm text-gray-700">
      <Trans>Nothing planned.</Trans>
    </p>
  )
}

function Short(props: { count: number }) {
  return props.count ? (
    <p className="text-sm font-semibold text-error">
      <span aria-hidden="true">⚠ </span>
      <Plural value={props.count} one="# date without enough guides" other="# dates without enough guides" />
    </p>
  ) : null
}

/** A day of the week: its heading (a link to the day's view), then its entries. */
function DayColumn(props: Props & { day: string }) {
  const headingId = useId()
  const entries = entriesOf(props.board, props.day)
  const isToday = props.day === props.today
  const short = entries.filter((e) => e.understaffed).length
  return (
    <section aria-labelledby={headingId} data-testid="planning-day" data-day={props.day} className={`h-full space-y-2 rounded-md p-1.5 ${isToday ? 'bg-primary/10' : 'bg-gray-50'}`}>
      <h3 id={headingId} className="font-semibold">
        <Link
          to="/$lang/admin/planning/board"
          params={{ lang: props.lang }}
          search={{ view: 'day', day: props.day }}
          className="underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          <span aria-hidden="true">{shortDay(props.day, props.lang)}</span>
          <span className="sr-only">{longDay(props.day, props.lang)}</span>
        </Link>
        {isToday ? (
          <span className="ml-1 text-sm font-medium">
            (<Trans>today</Trans>)
          </span>
        ) : null}
      </h3>
      <Short count={short} />
      {entries.length ? <Entries {...props} entries={entries} /> : <Nothing />}
    </section>
  )
}

function Part(props: Props & { title: ReactNode; entries: PlanningTarget[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {props.title}
      </h3>
      {props.entries.length ? <Entries {...props} /> : <Nothing />}
    </section>
  )
}

/** One day: its morning (starts before 12:00) and its afternoon. */
function DayView(props: Props & { day: string }) {
  const { t } = useLingui()
  const entries = entriesOf(props.board, props.day)
  const short = entries.filter((e) => e.understaffed).length
  return (
    <div className="max-w-3xl space-y-4" data-testid="planning-day" data-day={props.day}>
      <Short count={short} />
      <Part {...props} title={t`Morning`} entries={entries.filter((e) => e.time < '12:00')} />
      <Part {...props} title={t`Afternoon`} entries={entries.filter((e) => e.time >= '12:00')} />
    </div>
  )
}
