import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi, Role, StaffMember } from '~/api/admin-client'
import { updateStaffMember } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Dialog } from '../dialog'
import { useConflictText } from '../conflict-text'
import { ROLE_LABELS, ROLE_ORDER } from '../labels'

export type MemberAction = { kind: 'role' | 'deactivate' | 'reactivate'; member: StaffMember }

/** Changes a member's role, or deactivates / reactivates them after a confirmation. */
export function MemberDialog(props: { api: AdminApi; action: MemberAction | null; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const conflictText = useConflictText()
  const { action } = props
  const [role, setRole] = useState<Role | null>(null)
  const change = useMutation({
    mutationFn: (a: MemberAction) =>
      updateStaffMember(props.api, a.member.id, {
        version: a.member.version,
        ...(a.kind === 'role' ? { role: role ?? a.member.role } : { active: a.kind === 'reactivate' }),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] })
      close()
    },
    // a conflict: show the current state behind the message
    onError: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  })
  const close = () => {
    change.reset()
    setRole(null)
    props.onClose()
  }
  const name = action?.member.name ?? ''
  const title = !action ? '' : action.kind === 'role' ? t`Change the role of ${name}` : action.kind === 'deactivate' ? t`Deactivate ${name}?` : t`Reactivate ${name}?`
  const conflict = conflictText(change.error)
  return (
    <Dialog open={action !== null} title={title} onClose={close} testId="member-dialog">
      {action ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            change.mutate(action)
          }}
        >
          {action.kind === 'role' ? (
            <div>
              <label htmlFor="member-role" className="block font-medium">
                <Trans>Role</Trans>
              </label>
              <select id="member-role" value={role ?? action.member.role} onChange={(e) => setRole(e.target.value as Role)} className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900">
                {ROLE_ORDER.map((r) => (
                  <option key={r} value={r}>
                    {i18n._(ROLE_LABELS[r])}
                  </option>
                ))}
              </select>
            </div>
          ) : action.kind === 'deactivate' ? (
            <p>
              <Trans>{name} can no longer sign in, and their open sessions end at once. You can reactivate them later.</Trans>
            </p>
          ) : (
            <p>
              <Trans>{name} can sign in again with their password.</Trans>
            </p>
          )}
          {conflict ? (
            <p role="alert" className="font-medium text-error">
              {conflict}
            </p>
          ) : change.isError ? (
            <SubmitError error={change.error} />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="gray" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant={action.kind === 'deactivate' ? 'danger' : 'primary'} disabled={change.isPending || !!conflict}>
              {action.kind === 'role' ? <Trans>Save role</Trans> : action.kind === 'deactivate' ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  )
}
