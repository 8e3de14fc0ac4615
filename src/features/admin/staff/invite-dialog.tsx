import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi, Role } from '~/api/admin-client'
import { inviteStaff } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { FormField } from '../form-field'
import { fieldErrorsOf, type FieldErrors } from '../field-errors'
import { useConflictText } from '../conflict-text'
import { ROLE_LABELS, ROLE_ORDER } from '../labels'
import { LanguageField } from '../language-field'

type Draft = { name: string; email: string; phone: string; role: Role; locale: Locale }

/** Invites a staff member: they get an e-mail with a link to set their password. */
export function InviteDialog(props: { api: AdminApi; lang: Locale; open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const conflictText = useConflictText()
  const empty: Draft = { name: '', email: '', phone: '', role: 'guide', locale: props.lang }
  const [draft, setDraft] = useState<Draft>(empty)
  const [missing, setMissing] = useState<FieldErrors>({})
  const invite = useMutation({
    mutationFn: (d: Draft) =>
      inviteStaff(props.api, { name: d.name.trim(), email: d.email.trim(), role: d.role, locale: d.locale, ...(d.phone.trim() ? { phone: d.phone.trim() } : {}) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] })
      setDraft(empty)
      props.onClose()
    },
  })
  const errors = { ...fieldErrorsOf(invite.error), ...missing }
  const conflict = conflictText(invite.error)
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }))
    setMissing(({ [field]: _, ...rest }) => rest)
  }
  const close = () => {
    invite.reset()
    setMissing({})
    props.onClose()
  }
  return (
    <Dialog open={props.open} title={t`Invite a staff member`} onClose={close} testId="invite-dialog">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          const required: FieldErrors = {}
          if (!draft.name.trim()) required.name = { code: 'required' }
          if (!draft.email.trim()) required.email = { code: 'required' }
          setMissing(required)
          if (Object.keys(required).length === 0) invite.mutate(draft)
        }}
      >
        <FormField id="invite-name" label={t`Name`} required autoComplete="off" value={draft.name} error={errors.name} onChange={set('name')} />
        <FormField id="invite-email" label={t`E-mail address`} type="email" required autoComplete="off" value={draft.email} error={errors.email} onChange={set('email')} />
        <FormField id="invite-phone" label={t`Phone (optional)`} type="tel" autoComplete="off" value={draft.phone} error={errors.phone} hint={t`For example +41 79 900 00 00`} onChange={set('phone')} />
        <div>
          <label htmlFor="invite-role" className="block font-medium">
            <Trans>Role</Trans>
          </label>
          <select id="invite-role" value={draft.role} onChange={(e) => set('role')(e.target.value)} className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900">
            {ROLE_ORDER.map((role) => (
              <option key={role} value={role}>
                {i18n._(ROLE_LABELS[role])}
              </option>
            ))}
          </select>
        </div>
        <LanguageField id="invite-locale" value={draft.locale} onChange={set('locale')} />
        {conflict ? (
          <p role="alert" className="font-medium text-error">
            {conflict}
          </p>
        ) : invite.isError && Object.keys(errors).length === 0 ? (
          <SubmitError error={invite.error} />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="gray" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            <Trans>Send invitation</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
