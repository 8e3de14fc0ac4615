import { useLingui } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import { Icon } from '~/components/icon'
import { pickLabel, type Locale } from '~/lib/locale'
import { FormField } from '../../form-field'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'

type Tag = components['schemas']['Tag']

/** The offer's address (slug), booking mode, tags (the shop's, with their icons) and location. */
export function DetailsSection({ form, change, error, tags, lang }: SectionProps & { tags: Tag[]; lang: Locale }) {
  const { t } = useLingui()
  const location = form.location
  const setLocation = (key: keyof typeof location, value: string) =>
    change((d) => {
      if (key === 'latitude' || key === 'longitude') d.location[key] = Number(value) || 0
      else d.location[key] = key === 'country' ? value.toUpperCase() : value
    })
  return (
    <Section id="offer-details" title={t`Address, booking and location`}>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={fieldId('content.slug')} label={t`Address of the offer's page`} hint={t`Lower-case letters, digits and hyphens, e.g. canyoning-grimsel.`} value={form.slug} error={error('content.slug')} onChange={(v) => change((d) => void (d.slug = v))} />
        <fieldset>
          <legend className="font-medium">{t`Booking`}</legend>
          {(['order', 'request'] as const).map((mode) => (
            <label key={mode} className="mt-1 flex min-h-11 items-center gap-2">
              <input type="radio" name="offer-mode" value={mode} checked={form.mode === mode} onChange={() => change((d) => void (d.mode = mode))} className="h-5 w-5" />
              {mode === 'order' ? t`Booked at once` : t`On request: you confirm each booking`}
            </label>
          ))}
        </fieldset>
      </div>
      <fieldset className="mt-6">
        <legend className="font-medium">{t`Tags`}</legend>
        {tags.length === 0 ? <p className="text-sm">{t`The shop has no tags yet (Settings → Offers and activities).`}</p> : null}
        <div className="mt-1 flex flex-wrap gap-x-6">
          {tags.map((tag, i) => (
            <label key={tag.slug} className="flex min-h-11 items-center gap-2">
              <input
                id={i === 0 ? fieldId('content.tags') : undefined}
                type="checkbox"
                className="h-5 w-5"
                checked={form.tags.includes(tag.slug)}
                onChange={(e) => change((d) => void (d.tags = e.target.checked ? [...d.tags, tag.slug] : d.tags.filter((s) => s !== tag.slug)))}
              />
              <Icon name={tag.icon} className="h-5 w-5" />
              {pickLabel(tag.label, lang)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="font-medium">{t`Location`}</legend>
        <div className="mt-2 grid gap-4 md:grid-cols-3">
          <FormField id={fieldId('content.location.name')} label={t`Name of the place`} value={location.name} error={error('content.location.name')} onChange={(v) => setLocation('name', v)} />
          <FormField id={fieldId('content.location.street')} label={t`Street`} value={location.street} error={error('content.location.street')} onChange={(v) => setLocation('street', v)} />
          <FormField id={fieldId('content.location.streetNumber')} label={t`Number`} value={location.streetNumber} error={error('content.location.streetNumber')} onChange={(v) => setLocation('streetNumber', v)} />
          <FormField id={fieldId('content.location.postalCode')} label={t`Postcode`} value={location.postalCode} error={error('content.location.postalCode')} onChange={(v) => setLocation('postalCode', v)} />
          <FormField id={fieldId('content.location.city')} label={t`City`} value={location.city} error={error('content.location.city')} onChange={(v) => setLocation('city', v)} />
          <FormField id={fieldId('content.location.country')} label={t`Country code`} hint={t`Two letters, e.g. CH.`} value={location.country} error={error('content.location.country')} onChange={(v) => setLocation('country', v)} />
          <FormField id={fieldId('content.location.latitude')} type="number" label={t`Latitude`} hint={t`For example 46.6863`} value={String(location.latitude)} error={error('content.location.latitude')} onChange={(v) => setLocation('latitude', v)} />
          <FormField id={fieldId('content.location.longitude')} type="number" label={t`Longitude`} hint={t`For example 7.8632`} value={String(location.longitude)} error={error('content.location.longitude')} onChange={(v) => setLocation('longitude', v)} />
        </div>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="font-medium">{t`Guides and working time`}</legend>
        <div className="mt-2 grid gap-4 md:grid-cols-2">
          <FormField
            id={fieldId('content.staffing.participantsPerGuide')}
            type="number"
            label={t`Participants per guide`}
            hint={t`Each date needs one guide per this many booked participants, at least one. Leave empty for one guide whatever the group's size.`}
            value={form.staffing.participantsPerGuide}
            error={error('content.staffing.participantsPerGuide')}
            onChange={(v) => change((d) => void (d.staffing.participantsPerGuide = v))}
          />
          <FormField
            id={fieldId('content.staffing.preparationMinutes')}
            type="number"
            label={t`Preparation time per date (minutes)`}
            hint={t`Counted as the guides' working time besides the date's own duration.`}
            value={form.staffing.preparationMinutes}
            error={error('content.staffing.preparationMinutes')}
            onChange={(v) => change((d) => void (d.staffing.preparationMinutes = v))}
          />
        </div>
      </fieldset>
    </Section>
  )
}
