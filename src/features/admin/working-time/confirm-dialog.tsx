import { Trans, useLingui } from '@lingui/react/macro'
import type { WorkingTimeLine } from '~/api/admin-working-time.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { shortDay } from '../sessions/format'

export type WorkingTimeAction = { kind: 'approve' } | { kind: 'withdraw' } | { kind: 'delete'; entry: WorkingTimeLine }

/** The confirmation of approving a sheet, withdrawing its approval or removing an entry, with what it means. */
export function ConfirmDialog(props: {
  confirming: WorkingTimeAction | null
  name: string
  month: string
  total: string
  /** The part of the total still planned, when there is one. */
  planned: string | null
  lang: Locale
  busy: boolean
  error: string | undefined
  onConfirm: (action: WorkingTimeAction) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const { confirming, name, month, total, planned } = props
  const title = !confirming
    ? ''
    : confirming.kind === 'approve'
      ? t`Approve the working time of ${name}?`
      : confirming.kind === 'withdraw'
        ? t`Withdraw the approval?`
        : t`Remove this entry?`
  return (
    <Dialog open={confirming !== null} title={title} onClose={props.onClose} testId="work-confirm-dialog">
      {confirming ? (
        <div className="space-y-4">
          {confirming.kind === 'approve' ? (
            <>
              <p>
                <Trans>
                  {month}: {total} in total. Once approved, the month’s entries cannot be changed until the approval is withdrawn.
                </Trans>
              </p>
              {planned ? (
                <p className="rounded-md border-2 border-warning p-3">
                  <Trans>{planned} of it are dates that have not taken place yet.</Trans>
                </p>
              ) : null}
            </>
          ) : confirming.kind === 'withdraw' ? (
            <p>
              <Trans>
                The working time of {name} for {month} can be changed again and needs a new approval.
              </Trans>
            </p>
          ) : (
            <EntryRemoval entry={confirming.entry} lang={props.lang} />
          )}
          {props.error ? (
            <p role="alert" className="rounded-md border-2 border-error p-3">
              {props.error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="gray" onClick={props.onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="button" variant={confirming.kind === 'delete' ? 'danger' : 'primary'} disabled={props.busy} onClick={() => props.onConfirm(confirming)} data-testid="work-confirm">
              {confirming.kind === 'approve' ? <Trans>Approve</Trans> : confirming.kind === 'withdraw' ? <Trans>Withdraw the approval</Trans> : <Trans>Remove</Trans>}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}

function EntryRemoval(props: { entry: WorkingTimeLine; lang: Locale }) {
  const day = shortDay(props.entry.date, props.lang)
  const { from, to } = props.entry
  return (
    <p>
      <Trans>
        The entry of {day}, {from}–{to}, is removed from the sheet.
      </Trans>
    </p>
  )
}
