import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminApi } from '~/api/admin-client'
import { generalSettingsQuery, saveGeneralSettings, settingsHistoryQuery, type GeneralSettingsView } from '~/api/admin-settings.queries'
import type { Locale } from '~/lib/locale'
import { fieldErrorsOf } from '../../field-errors'
import { SaveBar } from '../save-bar'
import { BookingSection } from './booking-section'
import { ContactSection } from './contact-section'
import { EmbedSection } from './embed-section'
import { ErrorSummary } from '../../error-summary'
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
      <SaveBar save={save} dirty={dirty} hasFieldErrors={Object.keys(fieldErrors).length > 0} onLoadCurrent={() => void loadCurrent()} />
    </form>
  )
}
