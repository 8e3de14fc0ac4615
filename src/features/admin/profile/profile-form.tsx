import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi, Me } from '~/api/admin-client'
import { updateMe } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { FormField } from '../form-field'
import { fieldErrorsOf } from '../field-errors'
import { LanguageField } from '../language-field'
import { Saved, Section } from './section'

/** Name and preferred language; a new language shows the staff app in it. */
export function ProfileForm({ api, me, lang }: { api: AdminApi; me: Me; lang: Locale }) {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [name, setName] = useState(me.member.name)
  const [locale, setLocale] = useState<Locale>(me.member.locale)
  const [missing, setMissing] = useState(false)
  const save = useMutation({
    mutationFn: () => updateMe(api, { name: name.trim(), locale }),
    onSuccess: async (next) => {
      queryClient.setQueryData(['admin', 'me'], next)
      if (next.member.locale !== lang) await router.navigate({ to: '/$lang/admin/profile', params: { lang: next.member.locale } })
      else await router.invalidate()
    },
  })
  const errors = fieldErrorsOf(save.error)
  return (
    <Section id="profile-details" title={t`Name and language`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!name.trim()) return setMissing(true)
          save.mutate()
        }}
      >
        <FormField
          id="profile-name"
          label={t`Name`}
          required
          autoComplete="name"
          value={name}
          error={missing ? { code: 'required' } : errors.name}
          onChange={(value) => {
            setName(value)
            setMissing(false)
            save.reset()
          }}
        />
        <LanguageField
          id="profile-locale"
          value={locale}
          onChange={(next) => {
            setLocale(next)
            save.reset()
          }}
        />
        {save.isError && Object.keys(errors).length === 0 ? <SubmitError error={save.error} /> : null}
        <Saved show={save.isSuccess}>
          <Trans>Saved.</Trans>
        </Saved>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Section>
  )
}
