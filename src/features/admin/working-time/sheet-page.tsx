import { useId, useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { AdminApi, Role } from '~/api/admin-client'
import {
  approveWorkingTime,
  deleteWorkTimeEntry,
  withdrawWorkingTimeApproval,
  workingTimeExportHref,
  workingTimeKey,
  workingTimeQuery,
  type WorkingTimeLine,
  type WorkingTimeQuery,
  type WorkingTimeSheet,
} from '~/api/admin-working-time.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { MemberSelect } from '../member-select'
import { MonthNav } from '../month-nav'
import { monthTitle } from '../sessions/format'
import { ConfirmDialog, type WorkingTimeAction } from './confirm-dialog'
import { EntryDialog } from './entry-dialog'
import { useWorkingTimeRefusal } from './error-text'
import { dateTime, decimalHours, duration } from './format'
import { LinesTable } from './lines-table'

type Editing = { entry: WorkingTimeLine | null } | null
type Confirming = WorkingTimeAction | null
type Done = 'added' | 'changed' | 'removed' | 'approved' | 'withdrawn' | null

/**
 * A member's working-time sheet of one month: the guided dates they were assigned (with the
 * offers' preparation time) and their own entries, the totals, and the approval. Members enter
 * their other work while the month is open; managers and owners choose the member, approve the
 * sheet (a manager not their own) or withdraw the approval, and download the month for payroll.
 */
export function WorkingTimePage(props: {
  api: AdminApi
  lang: Locale
  today: string
  month: string
  query: WorkingTimeQuery
  role: Role
  meId: string
  onMonth: (month: string) => void
  onMember: (staffId: string | undefined) => void
}) {
  const { lang } = props
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(workingTimeQuery(props.api, props.query))
  const headingId = useId()
  const [editing, setEditing] = useState<Editing>(null)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [done, setDone] = useState<Done>(null)
  const refusal = useWorkingTimeRefusal()
  const other = data.member.id !== props.meId ? data.member : undefined
  const put = (sheet: WorkingTimeSheet) => queryClient.setQueryData(workingTimeQuery(props.api, props.query).queryKey, sheet)
  const reload = () => queryClient.invalidateQueries({ queryKey: workingTimeKey })
  const act = useMutation({
    mutationFn: async (action: NonNullable<Confirming>) => {
      if (action.kind === 'delete') return deleteWorkTimeEntry(props.api, action.entry.id)
      if (action.kind === 'approve') return approveWorkingTime(props.api, { staffId: data.member.id, month: data.month, fingerprint: data.fingerprint })
      return withdrawWorkingTimeApproval(props.api, data.member.id, data.month)
    },
    onSuccess: (sheet, action) => {
      put(sheet)
      setDone(action.kind === 'delete' ? 'removed' : action.kind === 'approve' ? 'approved' : 'withdrawn')
      setConfirming(null)
    },
    onSettled: () => void reload(),
  })
  const shownMonth = monthTitle(props.month, lang)
  const name = data.member.name
  const totals = data.totals
  const approval = data.approval
  const defaultDay = props.today.startsWith(props.month) ? props.today : `${props.month}-01`
  const problem = refusal(act.error)
  const total = duration(totals.totalMinutes)
  const planned = duration(totals.plannedMinutes)
  return (
    <div className="space-y-6">
      {props.role !== 'guide' && data.members.length > 0 ? (
        <MemberSelect
          member={data.member}
          members={data.members}
          meId={props.meId}
          onMember={(staffId) => {
            setDone(null)
            props.onMember(staffId)
          }}
        />
      ) : null}

      <MonthNav month={props.month} headingId={headingId} onMonth={props.onMonth}>
        {other ? (
          <Trans>
            {name}: {shownMonth}
          </Trans>
        ) : (
          shownMonth
        )}
      </MonthNav>

      <section aria-labelledby={headingId} className="space-y-4">
        <dl className="grid gap-3 sm:grid-cols-3" data-testid="work-totals">
          <div className="rounded-md border border-gray-300 p-3">
            <dt className="text-sm text-gray-700">
              <Trans>Guided dates and private bookings (with preparation)</Trans>
            </dt>
            <dd className="text-lg font-semibold">{duration(totals.sessionMinutes)}</dd>
          </div>
          <div className="rounded-md border border-gray-300 p-3">
            <dt className="text-sm text-gray-700">
              <Trans>Other work</Trans>
            </dt>
            <dd className="text-lg font-semibold">{duration(totals.entryMinutes)}</dd>
          </div>
          <div className="rounded-md border border-gray-300 p-3">
            <dt className="text-sm text-gray-700">
              <Trans>Total</Trans>
            </dt>
            <dd className="text-lg font-semibold" data-testid="work-total">
              {total} <span className="text-base font-normal">({decimalHours(totals.totalMinutes, lang)} h)</span>
            </dd>
            {totals.plannedMinutes > 0 ? (
              <dd className="text-sm">
                <Trans>of which still planned: {planned}</Trans>
              </dd>
            ) : null}
          </div>
        </dl>

        <div className="space-y-3 rounded-md border border-gray-300 p-4" data-testid="work-approval">
          <p className="font-medium">
            {approval ? (
              <ApprovalText approval={approval} timeZone={data.timeZone} lang={lang} />
            ) : (
              <Trans>Not approved yet.</Trans>
            )}
          </p>
          {approval && !approval.current ? (
            <p className="rounded-md border-2 border-warning p-3" role="note">
              <ChangedText approved={duration(approval.minutes)} total={total} />
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {data.canApprove && (!approval || !approval.current) ? (
              <Button onClick={() => setConfirming({ kind: 'approve' })} data-testid="work-approve">
                <Trans>Approve…</Trans>
              </Button>
            ) : null}
            {data.canApprove && approval ? (
              <Button variant="gray" onClick={() => setConfirming({ kind: 'withdraw' })}>
                <Trans>Withdraw the approval…</Trans>
              </Button>
            ) : null}
            {data.editable ? (
              <Button variant="outline" onClick={() => setEditing({ entry: null })} data-testid="work-add">
                <Trans>Add working time…</Trans>
              </Button>
            ) : (
              <p className="text-sm">
                <Trans>The month is approved: entries can be changed again once the approval is withdrawn.</Trans>
              </p>
            )}
          </div>
        </div>

        <p role="status" className="font-medium">
          {done ? <DoneText done={done} /> : null}
        </p>
        {problem && !confirming ? (
          <p role="alert" className="rounded-md border-2 border-error p-3">
            {problem}
          </p>
        ) : null}

        <LinesTable
          lines={data.lines}
          lang={lang}
          editable={data.editable}
          onEdit={(entry) => setEditing({ entry })}
          onDelete={(entry) => setConfirming({ kind: 'delete', entry })}
        />
        {data.truncated ? (
          <p>
            <Trans>Only the first 400 lines are shown.</Trans>
          </p>
        ) : null}
      </section>

      {props.role !== 'guide' ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">
            <Trans>Payroll</Trans>
          </h2>
          <p>
            <Trans>Everyone’s working time of {shownMonth} as a spreadsheet (CSV):</Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            <a href={workingTimeExportHref(props.month, 'summary', lang)} download className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary hover:bg-primary hover:text-on-primary" data-testid="work-export-summary">
              <Trans>Totals per person</Trans>
            </a>
            <a href={workingTimeExportHref(props.month, 'lines', lang)} download className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary hover:bg-primary hover:text-on-primary">
              <Trans>Every line</Trans>
            </a>
          </div>
        </section>
      ) : null}

      <EntryDialog
        open={editing !== null}
        api={props.api}
        lang={lang}
        staffId={other?.id}
        entry={editing?.entry ?? null}
        day={defaultDay}
        onClose={() => setEditing(null)}
        onSaved={(sheet, kind) => {
          put(sheet)
          setDone(kind)
          setEditing(null)
        }}
      />
      <ConfirmDialog
        confirming={confirming}
        name={name}
        month={shownMonth}
        total={total}
        planned={totals.plannedMinutes > 0 ? planned : null}
        lang={lang}
        busy={act.isPending}
        onConfirm={(action) => act.mutate(action)}
        onClose={() => {
          setConfirming(null)
          act.reset()
        }}
        error={confirming ? problem : undefined}
      />
    </div>
  )
}

function ApprovalText(props: { approval: NonNullable<WorkingTimeSheet['approval']>; timeZone: string; lang: Locale }) {
  const by = props.approval.approvedBy
  const when = dateTime(props.approval.approvedAt, props.timeZone, props.lang)
  const minutes = duration(props.approval.minutes)
  return (
    <Trans>
      Approved by {by} on {when} ({minutes}).
    </Trans>
  )
}

function DoneText(props: { done: NonNullable<Done> }) {
  switch (props.done) {
    case 'added':
      return <Trans>The entry was added.</Trans>
    case 'changed':
      return <Trans>The entry was saved.</Trans>
    case 'removed':
      return <Trans>The entry was removed.</Trans>
    case 'approved':
      return <Trans>The working time is approved.</Trans>
    case 'withdrawn':
      return <Trans>The approval was withdrawn.</Trans>
  }
}

function ChangedText(props: { approved: string; total: string }) {
  const { approved, total } = props
  return (
    <Trans>
      Changed since the approval: the approved total was {approved}, it is {total} now.
    </Trans>
  )
}
