import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import type { AdminApi } from '~/api/admin-client'
import { generalSettingsQuery, saveGeneralSettings, settingsHistoryQuery, type GeneralSettingsView } from '~/api/admin-settings.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { fieldErrorsOf } from '../../field-errors'
import { Saved } from '../../profile/section'
import { BookingSection } from './booking-section'
import { ContactSection } from './contact-section'
import { EmbedSection } from './embed-section'
import { ErrorSummary } from './error-summary'
import { pathOfError, type Change } from './form-state'
import { ImagesSection } from './images-section'
import { LanguagesSection } from './languages-section'
import { LegalSection } from './legal-section'
import { RegionSection } from './region-section'
import { TextsSection } from './texts-section'
import { ThemeSection } from './theme-section'

/**
 * Settings → General: one form, saved at once with the version it was read at. A save that
 * meets a newer version keeps what was typed and offers to load the current settings instead.
 */
export function GeneralForm(props: { api: AdminApi; lang: Locale; initial: GeneralSettingsView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [version, setVersion] = useState(props.initial.version)
  const [settings, setSettings] = useState(props.initial.settings)
  const [dirty, setDirty] = useState(false)
  const change: Change = (edit) => {
    setSettings((current) => {
      const draft = structuredClone(current)
      edit(draft)
      return draft
    })
    setDirty(true)
    save.reset()
  }
  const save = useMutation({
    mutationFn: () => saveGeneralSettings(props.api, { version, settings }),
    onSuccess: async (saved) => {
      setVersion(saved.version)
      setSettings(saved.settings)
      setDirty(false)
      queryClient.setQueryData(generalSettingsQuery(props.api).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: settingsHistoryQuery(props.api).queryKey })
    },
  })
  /** After a conflict: the settings as they are now (what was typed here is dropped, as the message says). */
  const loadCurrent = async () => {
    const current = await queryClient.fetchQuery({ ...generalSettingsQuery(props.api), staleTime: 0 })
    setVersion(current.version)
    setSettings(current.settings)
    setDirty(false)
    save.reset()
    await queryClient.invalidateQueries({ queryKey: settingsHistoryQuery(props.api).queryKey })
  }
  const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(save.error)).map(([key, value]) => [pathOfError(key), value]))
  const sectionProps = { settings, change, error: (path: string) => fieldErrors[path] }
  const conflict = save.error instanceof ApiError && save.error.code === 'settings.version_conflict'
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate()
      }}
    >
      <ErrorSummary errors={fieldErrors} />
      <TextsSection {...sectionProps} />
      <LanguagesSection {...sectionProps} />
      <ImagesSection {...sectionProps} />
      <ThemeSection {...sectionProps} lang={props.lang} />
      <ContactSection {...sectionProps} lang={props.lang} />
      <RegionSection {...sectionProps} lang={props.lang} />
      <LegalSection {...sectionProps} />
      <BookingSection {...sectionProps} />
      <EmbedSection {...sectionProps} />
      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 border-t border-gray-300 bg-white py-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save settings</Trans>}
        </Button>
        {dirty ? <span className="text-sm">{t`Unsaved changes`}</span> : null}
        <Saved show={save.isSuccess}>
          <Trans>Saved. Visitors see the change on their next page.</Trans>
        </Saved>
        {conflict ? (
          <div role="alert" className="w-full font-medium text-error">
            <p>
              <Trans>Someone else changed the settings in the meantime. Your changes are not saved yet: load the current settings (your changes are lost) and make them again.</Trans>
            </p>
            <Button className="mt-2" variant="outline" onClick={() => void loadCurrent()}>
              <Trans>Load the current settings</Trans>
            </Button>
          </div>
        ) : save.isError && Object.keys(fieldErrors).length === 0 ? (
          <SubmitError error={save.error} />
        ) : null}
      </div>
    </form>
  )
}
