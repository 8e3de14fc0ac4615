import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { StaffMember } from '~/api/admin-client'
import { meQuery, resendInvitation, staffListQuery } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { useConflictText } from '~/features/admin/conflict-text'
import { ROLE_LABELS, STATUS_LABELS } from '~/features/admin/labels'
import { InviteDialog } from '~/features/admin/staff/invite-dialog'
import { MemberDialog, type MemberAction } from '~/features/admin/staff/member-dialog'

const title = msg`Staff`

/** Owners: the shop's staff with role and status; invite, change role, deactivate, resend an invitation. */
export const Route = createFileRoute('/$lang/admin/_app/staff')({
  loader: async ({ context, location }) => (await import('~/features/admin/routing')).staffPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: StaffPage,
})

function StaffPage() {
  const { lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data: me } = useSuspenseQuery(meQuery(adminApi))
  const { data: staff } = useSuspenseQuery(staffListQuery(adminApi))
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const conflictText = useConflictText()
  const [inviting, setInviting] = useState(false)
  const [action, setAction] = useState<MemberAction | null>(null)
  const [resent, setResent] = useState<string | null>(null)
  const resend = useMutation({
    mutationFn: (member: StaffMember) => resendInvitation(adminApi, member.id),
    onSuccess: (member) => {
      setResent(member.name)
      return queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] })
    },
  })
  const resentName = resent ?? ''
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
        <Button onClick={() => setInviting(true)}>
          <Trans>Invite a staff member</Trans>
        </Button>
      </div>
      <div role="status" aria-live="polite" className="mt-4">
        {resent ? (
          <p className="font-medium text-success">
            <Trans>A new invitation was sent to {resentName}.</Trans>
          </p>
        ) : null}
      </div>
      {resend.isError ? (
        conflictText(resend.error) ? (
          <p role="alert" className="mt-2 font-medium text-error">
            {conflictText(resend.error)}
          </p>
        ) : (
          <SubmitError error={resend.error} />
        )
      ) : null}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[40rem] border-collapse text-left" data-testid="staff-table">
          <caption className="sr-only">
            <Trans>The shop's staff with their role and status</Trans>
          </caption>
          <thead>
            <tr className="border-b border-gray-400">
              <th scope="col" className="py-2 pr-4">
                <Trans>Name</Trans>
              </th>
              <th scope="col" className="py-2 pr-4">
                <Trans>E-mail address</Trans>
              </th>
              <th scope="col" className="py-2 pr-4">
                <Trans>Role</Trans>
              </th>
              <th scope="col" className="py-2 pr-4">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="py-2">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => {
              const name = member.name
              const self = member.id === me.member.id
              return (
                <tr key={member.id} className="border-b border-gray-200 align-top" data-testid="staff-row" data-email={member.email}>
                  <th scope="row" className="py-3 pr-4 font-medium">
                    {name}
                  </th>
                  <td className="py-3 pr-4 break-all">{member.email}</td>
                  <td className="py-3 pr-4">{i18n._(ROLE_LABELS[member.role])}</td>
                  <td className="py-3 pr-4">{i18n._(STATUS_LABELS[member.status])}</td>
                  <td className="py-3">
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" disabled={self} onClick={() => setAction({ kind: 'role', member })}>
                        <Trans>Change role</Trans>
                        <span className="sr-only"> – {name}</span>
                      </Button>
                      {member.status === 'inactive' ? (
                        <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'reactivate', member })}>
                          <Trans>Reactivate</Trans>
                          <span className="sr-only"> – {name}</span>
                        </Button>
                      ) : (
                        <Button size="sm" variant="outline" disabled={self} onClick={() => setAction({ kind: 'deactivate', member })}>
                          <Trans>Deactivate</Trans>
                          <span className="sr-only"> – {name}</span>
                        </Button>
                      )}
                      {member.status === 'invited' ? (
                        <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate(member)}>
                          <Trans>Resend invitation</Trans>
                          <span className="sr-only"> – {name}</span>
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <InviteDialog api={adminApi} lang={lang} open={inviting} onClose={() => setInviting(false)} />
      <MemberDialog api={adminApi} action={action} onClose={() => setAction(null)} />
    </div>
  )
}
