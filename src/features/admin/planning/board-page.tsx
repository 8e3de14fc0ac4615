import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { planningBoardQuery, type PlanningGuide } from '~/api/admin-planning.queries'
import { targetsOf, type PlanningTarget } from './targets'
import { buttonClass } from '~/components/button'
import { useSubmitErrorText } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { sessionAvailability } from './availability'
import { AssignGuideDialog } from './assign-dialog'
import { PlanningDays } from './board'
import { longDay } from './format'
import { GuidesPanel } from './guides-panel'
import type { BoardView, PlanningSearch } from './search'
import { isUnavailableRefusal, usePlanningTexts } from './texts'
import { usePlanningWrites } from './use-planning-writes'
import { stepDay } from './week'

type Props = { api: AdminApi; lang: Locale; view: BoardView; day: string; today: string; days: string[] }

type Assigning = { session: PlanningTarget; staffId?: string; refusal?: unknown }

/** The address of a view of a day (today and the week are the defaults, left out). */
const searchOf = (view: BoardView, day: string, today: string): PlanningSearch => ({
  ...(view === 'day' ? { view } : {}),
  ...(day === today ? {} : { day }),
})

const focusAssign = (sessionId: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-session="${sessionId}"] [data-assign]`)?.focus())

/**
 * The planning board (managers): the dates and private bookings of a week or a day, the guides
 * each date needs and has, and the staff's availability; guides are assigned with "Assign guide…"
 * on a date (the keyboard's way) or by dragging a name onto it, and removed from its chips. What
 * happened is read out in a live region; a refusal in an alert.
 */
export function PlanningBoardPage(props: Props) {
  const { t } = useLingui()
  const { lang, view, day, today, days } = props
  const from = days[0]!
  const to = days.at(-1)!
  const { data: board } = useSuspenseQuery(planningBoardQuery(props.api, from, to))
  const texts = usePlanningTexts(lang, board.timeZone)
  const submitError = useSubmitErrorText()
  const { assign, unassign } = usePlanningWrites(props.api)
  const [assigning, setAssigning] = useState<Assigning | null>(null)
  const [status, setStatus] = useState('')
  const [alert, setAlert] = useState('')
  const short = targetsOf(board).filter((s) => s.understaffed).length
  const fromText = longDay(from, lang)
  const toText = longDay(to, lang)
  const heading = view === 'week' ? t`Week from ${fromText} to ${toText}` : longDay(day, lang)
  const otherDay = days.includes(today) ? today : from

  const tell = (message: string) => {
    setAlert('')
    setStatus(message)
  }
  const refused = (error: unknown, name: string) => {
    setStatus('')
    setAlert(texts.refusal(error, name) ?? submitError(error).message)
  }

  const onRemove = (session: PlanningTarget, guide: PlanningGuide) => {
    unassign.mutate(
      { sessionId: session.id, staffId: guide.staffId, kind: session.kind },
      {
        onSuccess: () => {
          tell(texts.removed(guide.name, session.offerTitle, session.time))
          focusAssign(session.id)
        },
        onError: (error) => refused(error, guide.name),
      },
    )
  }

  const onDropGuide = (session: PlanningTarget, staffId: string) => {
    const member = board.staff.find((m) => m.id === staffId)
    if (!member) return
    const offer = session.offerTitle
    const time = session.time
    if (session.guides.some((g) => g.staffId === staffId)) return tell(texts.already(member.name, offer, time))
    const { availability, notes } = sessionAvailability(member, session)
    if (availability === 'UNAVAILABLE') return setAssigning({ session, staffId })
    assign.mutate(
      { sessionId: session.id, staffId, kind: session.kind },
      {
        onSuccess: (answer) =>
          tell(answer.warnings.includes('guide.maybe') ? texts.assignedMaybe(member.name, offer, time, notes.join('; ') || undefined) : texts.assigned(member.name, offer, time)),
        onError: (error) => (isUnavailableRefusal(error) ? setAssigning({ session, staffId, refusal: error }) : refused(error, member.name)),
      },
    )
  }

  const step = (n: number) => searchOf(view, stepDay(view, day, n), today)
  const nav = (search: PlanningSearch, label: string, current = false) => (
    <Link to="/$lang/admin/planning/board" params={{ lang }} search={search} aria-current={current ? 'page' : undefined} className={buttonClass(current ? 'primary' : 'outline', 'sm')}>
      {label}
    </Link>
  )
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label={t`Planning board view`}>
          <ul className="flex flex-wrap gap-2">
            <li>{nav(searchOf('week', day, today), t`Week`, view === 'week')}</li>
            <li>{nav(searchOf('day', otherDay, today), t`Day`, view === 'day')}</li>
          </ul>
        </nav>
        <nav aria-label={view === 'week' ? t`Weeks` : t`Days`}>
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/$lang/admin/planning/board" params={{ lang }} search={step(-1)} className={buttonClass('gray', 'sm')}>
                <span aria-hidden="true">←</span> {view === 'week' ? t`Previous week` : t`Previous day`}
              </Link>
            </li>
            <li>
              <Link to="/$lang/admin/planning/board" params={{ lang }} search={searchOf(view, today, today)} className={buttonClass('gray', 'sm')}>
                {t`Today`}
              </Link>
            </li>
            <li>
              <Link to="/$lang/admin/planning/board" params={{ lang }} search={step(1)} className={buttonClass('gray', 'sm')}>
                {view === 'week' ? t`Next week` : t`Next day`} <span aria-hidden="true">→</span>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="space-y-1">
        <h2 className="text-xl font-semibold" data-testid="planning-range">
          {heading}
        </h2>
        <p className={short ? 'font-semibold text-error' : undefined}>
          {short ? <span aria-hidden="true">⚠ </span> : null}
          <Plural value={short} _0="Every date has enough guides." one="# date without enough guides." other="# dates without enough guides." />
        </p>
        {board.truncated ? (
          <p className="font-medium">
            <Trans>There are more dates, bookings or staff members than the board can show at once. Choose the day view to see fewer.</Trans>
          </p>
        ) : null}
      </div>
      <div role="status" data-testid="planning-status" className={status ? 'rounded-md border-2 border-success p-3 font-medium' : undefined}>
        {status}
      </div>
      <div role="alert" data-testid="planning-alert" className={alert ? 'rounded-md border-2 border-error p-3 font-medium' : undefined}>
        {alert}
      </div>
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem]">
        <PlanningDays board={board} days={days} view={view} today={today} lang={lang} onAssign={(session) => setAssigning({ session })} onRemove={onRemove} onDropGuide={onDropGuide} />
        <div className="min-w-0">
          <GuidesPanel staff={board.staff} days={days} lang={lang} />
        </div>
      </div>
      <AssignGuideDialog
        api={props.api}
        board={board}
        session={assigning?.session ?? null}
        staffId={assigning?.staffId}
        refusal={assigning?.refusal}
        lang={lang}
        onClose={() => setAssigning(null)}
      />
    </div>
  )
}
