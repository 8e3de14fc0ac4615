import { useLingui } from '@lingui/react/macro'
import { ImageUploadField } from '../../media/image-upload-field'
import { Section } from '../../profile/section'
import type { SectionProps } from './form-state'

/** The hero image (home page, social sharing) and the logo (header, site icon, e-mails). */
export function ImagesSection({ settings, change }: SectionProps) {
  const { t } = useLingui()
  return (
    <Section id="settings-images" title={t`Images`}>
      <div className="grid gap-6 md:grid-cols-2">
        <ImageUploadField label={t`Hero image`} description={t`Shown large on the home page and when the shop is shared. Wide pictures work best (at least 1600 pixels).`} value={settings.media.hero} onChange={(id) => change((d) => void (d.media.hero = id))} />
        <ImageUploadField label={t`Logo`} description={t`Shown in the header, as the site icon and in e-mails.`} value={settings.media.logo} onChange={(id) => change((d) => void (d.media.logo = id))} />
      </div>
    </Section>
  )
}
