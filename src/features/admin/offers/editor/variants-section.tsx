import { useLingui } from '@lingui/react/macro'
import type { OfferKind, OfferVariant } from '~/api/admin-offers.queries'
import { Button } from '~/components/button'
import { FormField } from '../../form-field'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { SelectField } from '../../settings/general/select-field'
import { fieldId, move, newRow, type SectionProps, type VariantRow } from './form-state'

export const MAX_VARIANTS = 30

const TYPES: Record<OfferKind, OfferVariant['type'][]> = { activity: ['activity'], private: ['private-service-slot', 'private-service-participant'] }

/** A whole number typed in a field: null when empty (an optional limit), else the number (the server checks its range). */
const whole = (text: string) => (text.trim() === '' ? null : Math.trunc(Number(text)) || 0)

/** The bookable variants (SKUs), each a group of labelled fields: add, remove, reorder. */
export function VariantsSection({ form, change, error, languages, currency, kind }: SectionProps & { kind: OfferKind }) {
  const { t } = useLingui()
  const typeNames: Record<OfferVariant['type'], string> = {
    activity: t`Per participant (group activity)`,
    'private-service-slot': t`Per booking (private service)`,
    'private-service-participant': t`Per participant (private service)`,
  }
  const add = () =>
    change((d) => {
      const n = d.variants.length + 1
      d.variants.push({ row: newRow(), key: `variant-${n}`, type: TYPES[kind][0]!, title: {}, price: 0, priceText: '', durationMinutes: 60, blockCount: 1, maxParticipants: null, minQuantity: 0, maxQuantity: 10 })
    })
  const set = (i: number, edit: (v: VariantRow) => void) => change((d) => edit(d.variants[i]!))
  return (
    <Section id="offer-variants" title={t`Variants and prices`}>
      <p id={fieldId('content.variants')} tabIndex={-1} className="text-sm">
        {t`Each variant has its own price in ${currency}, e.g. adults and children.`}
      </p>
      <ol className="mt-4 space-y-4">
        {form.variants.map((v, i) => {
          const n = i + 1
          const path = (field: string) => `content.variants.${i}.${field}`
          return (
            <li key={v.row} data-testid="offer-variant">
              <fieldset className="rounded-md border border-gray-300 p-3">
                <legend className="px-1 font-semibold">{t`Variant ${n}`}</legend>
                <div className="grid gap-3 md:grid-cols-3">
                  {languages.map((lang) => (
                    <FormField key={lang} id={fieldId(path(`title.${lang}`))} label={t`Name of variant ${n} (${LANGUAGE_NAMES[lang]})`} value={v.title[lang] ?? ''} error={error(path(`title.${lang}`))} onChange={(x) => set(i, (r) => void (r.title[lang] = x))} />
                  ))}
                  <FormField id={fieldId(path('price'))} label={t`Price of variant ${n} (${currency})`} hint={t`For example 120.50`} value={v.priceText} error={error(path('price'))} onChange={(x) => set(i, (r) => void (r.priceText = x))} />
                  {TYPES[kind].length > 1 ? (
                    <SelectField id={fieldId(path('type'))} label={t`How variant ${n} is priced`} value={v.type} options={TYPES[kind].map((x) => ({ value: x, label: typeNames[x] }))} error={error(path('type'))} onChange={(x) => set(i, (r) => void (r.type = x as OfferVariant['type']))} />
                  ) : null}
                  <FormField id={fieldId(path('key'))} label={t`Key of variant ${n}`} hint={t`Lower-case letters, digits and hyphens; used in reports.`} value={v.key} error={error(path('key'))} onChange={(x) => set(i, (r) => void (r.key = x))} />
                  <FormField id={fieldId(path('durationMinutes'))} type="number" label={t`Duration of variant ${n} (minutes)`} value={String(v.durationMinutes)} error={error(path('durationMinutes'))} onChange={(x) => set(i, (r) => void (r.durationMinutes = whole(x) ?? 0))} />
                  <FormField id={fieldId(path('blockCount'))} type="number" label={t`Places per booking of variant ${n}`} value={String(v.blockCount)} error={error(path('blockCount'))} onChange={(x) => set(i, (r) => void (r.blockCount = whole(x) ?? 0))} />
                  <FormField id={fieldId(path('minQuantity'))} type="number" label={t`Minimum quantity of variant ${n}`} value={String(v.minQuantity)} error={error(path('minQuantity'))} onChange={(x) => set(i, (r) => void (r.minQuantity = whole(x) ?? 0))} />
                  <FormField id={fieldId(path('maxQuantity'))} type="number" label={t`Maximum quantity of variant ${n}`} value={String(v.maxQuantity)} error={error(path('maxQuantity'))} onChange={(x) => set(i, (r) => void (r.maxQuantity = whole(x) ?? 0))} />
                  {kind === 'private' ? (
                    <FormField id={fieldId(path('maxParticipants'))} type="number" label={t`Maximum participants of variant ${n}`} value={v.maxParticipants == null ? '' : String(v.maxParticipants)} error={error(path('maxParticipants'))} onChange={(x) => set(i, (r) => void (r.maxParticipants = whole(x)))} />
                  ) : null}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" disabled={i === 0} onClick={() => change((d) => move(d.variants, i, -1))}>
                    {t`Move variant ${n} up`}
                  </Button>
                  <Button size="sm" variant="outline" disabled={i === form.variants.length - 1} onClick={() => change((d) => move(d.variants, i, 1))}>
                    {t`Move variant ${n} down`}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => change((d) => void d.variants.splice(i, 1))}>
                    {t`Remove variant ${n}`}
                  </Button>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      {form.variants.length < MAX_VARIANTS ? (
        <Button className="mt-4" variant="outline" onClick={add}>
          {t`Add a variant`}
        </Button>
      ) : null}
    </Section>
  )
}
