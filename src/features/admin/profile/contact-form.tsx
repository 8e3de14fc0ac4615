import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi, ContactChannel, Me } from '~/api/admin-client'
import { confirmContactChange, requestContactChange } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { FormField } from '../form-field'
import { fieldErrorsOf } from '../field-errors'
import { useConflictText } from '../conflict-text'
import { Saved } from './section'

/**
 * A new e-mail address or phone number: a 6-digit code goes to the new one, and the change
 * takes effect only with it.
 */
export function ContactForm({ api, me, channel }: { api: AdminApi; me: Me; channel: ContactChannel }) {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const conflictText = useConflictText()
  const pending = me.pending.find((p) => p.channel === channel)
  const [value, setValue] = useState('')
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState<'value' | 'code' | null>(null)
  const refresh = async (next?: Me) => {
    if (next) queryClient.setQueryData(['admin', 'me'], next)
    else await queryClient.invalidateQueries({ queryKey: ['admin', 'me'] })
    await router.invalidate()
  }
  const request = useMutation({
    mutationFn: () => requestContactChange(api, { channel, value: value.trim() }),
    onSuccess: () => {
      confirm.reset()
      return refresh()
    },
  })
  const confirm = useMutation({
    mutationFn: (c: { channel: ContactChannel; code: string }) => confirmContactChange(api, c),
    onSuccess: (next) => {
      setValue('')
      setCode('')
      return refresh(next)
    },
  })
  const requestErrors = fieldErrorsOf(request.error)
  const confirmErrors = fieldErrorsOf(confirm.error)
  const id = `contact-${channel}`
  const current = channel === 'email' ? me.member.email : (me.member.phone ?? '')
  const pendingValue = pending?.value ?? ''
  const conflict = conflictText(request.error)
  return (
    <div className="space-y-4" data-testid={`contact-${channel}`}>
      <p>
        {channel === 'email' ? <Trans>Current e-mail address:</Trans> : <Trans>Current phone number:</Trans>} <strong>{current || '–'}</strong>
      </p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!value.trim()) return setMissing('value')
          request.mutate()
        }}
      >
        <FormField
          id={`${id}-value`}
          label={channel === 'email' ? t`New e-mail address` : t`New phone number`}
          type={channel === 'email' ? 'email' : 'tel'}
          autoComplete={channel === 'email' ? 'email' : 'tel'}
          hint={channel === 'phone' ? t`For example +41 79 900 00 00` : undefined}
          value={value}
          error={missing === 'value' ? { code: 'required' } : requestErrors.value}
          onChange={(v) => {
            setValue(v)
            setMissing(null)
          }}
        />
        {conflict ? (
          <p role="alert" className="font-medium text-error">
            {conflict}
          </p>
        ) : request.isError && Object.keys(requestErrors).length === 0 ? (
          <SubmitError error={request.error} />
        ) : null}
        <Button type="submit" variant="outline" disabled={request.isPending}>
          <Trans>Send code</Trans>
        </Button>
      </form>
      {pending ? (
        <form
          noValidate
          className="space-y-4 rounded-md bg-surface p-4 text-on-surface"
          onSubmit={(e) => {
            e.preventDefault()
            if (!code.trim()) return setMissing('code')
            confirm.mutate({ channel, code: code.trim() })
          }}
        >
          <p role="status">
            <Trans>We have sent a 6-digit code to {pendingValue}. Enter it to confirm the change.</Trans>
          </p>
          <FormField
            id={`${id}-code`}
            label={t`Confirmation code`}
            autoComplete="one-time-code"
            value={code}
            error={missing === 'code' ? { code: 'required' } : (confirmErrors.code ?? Object.values(confirmErrors)[0])}
            onChange={(v) => {
              setCode(v)
              setMissing(null)
            }}
          />
          {confirm.isError && Object.keys(confirmErrors).length === 0 ? <SubmitError error={confirm.error} /> : null}
          <Button type="submit" disabled={confirm.isPending}>
            <Trans>Confirm</Trans>
          </Button>
        </form>
      ) : null}
      <Saved show={confirm.isSuccess}>{channel === 'email' ? <Trans>Your e-mail address was changed.</Trans> : <Trans>Your phone number was changed.</Trans>}</Saved>
    </div>
  )
}
