import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { changePassword } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { FormField } from '../form-field'
import { fieldErrorsOf } from '../field-errors'
import { PasswordRules } from '../password-rules'
import { Saved, Section } from './section'

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' }

/** Changes one's password (the current one first); every other session ends. */
export function PasswordForm({ api }: { api: AdminApi }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [fields, setFields] = useState(EMPTY)
  const save = useMutation({
    mutationFn: () => changePassword(api, fields),
    onSuccess: () => {
      setFields(EMPTY)
      return queryClient.invalidateQueries({ queryKey: ['admin', 'me', 'sessions'] })
    },
  })
  const errors = fieldErrorsOf(save.error)
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setFields((f) => ({ ...f, [field]: value }))
    if (save.isSuccess) save.reset()
  }
  return (
    <Section id="profile-password" title={t`Password`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        <PasswordRules id="profile-password-rules" />
        <FormField id="current-password" label={t`Current password`} type="password" autoComplete="current-password" required value={fields.currentPassword} error={errors.currentPassword} onChange={set('currentPassword')} />
        <FormField id="profile-new-password" label={t`New password`} type="password" autoComplete="new-password" required value={fields.password} error={errors.password} onChange={set('password')} />
        <FormField
          id="profile-new-password-confirmation"
          label={t`Repeat the new password`}
          type="password"
          autoComplete="new-password"
          required
          value={fields.passwordConfirmation}
          error={errors.passwordConfirmation}
          onChange={set('passwordConfirmation')}
        />
        {save.isError && Object.keys(errors).length === 0 ? <SubmitError error={save.error} /> : null}
        <Saved show={save.isSuccess}>
          <Trans>Your password was changed. Your other sessions have ended.</Trans>
        </Saved>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </Section>
  )
}
