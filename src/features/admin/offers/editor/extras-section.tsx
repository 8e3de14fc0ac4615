import { useLingui } from '@lingui/react/macro'
import type { OfferExtra } from '~/api/admin-offers.queries'
import { Button } from '~/components/button'
import { FormField } from '../../form-field'
import { LANGUAGE_NAMES } from '../../labels'
import { Section } from '../../profile/section'
import { SelectField } from '../../settings/general/select-field'
import { fieldId, move, newRow, type ExtraRow, type SectionProps } from './form-state'

export const MAX_EXTRAS = 30

/** Extras a visitor may add (equipment hire, a transfer): name per language, price, per participant or once per booking. */
export function ExtrasSection({ form, change, error, languages, currency }: SectionProps) {
  const { t } = useLingui()
  const set = (i: number, edit: (e: ExtraRow) => void) => change((d) => edit(d.extras[i]!))
  const add = () => change((d) => void d.extras.push({ row: newRow(), key: `extra-${d.extras.length + 1}`, title: {}, price: 0, priceText: '', per: 'participant' }))
  return (
    <Section id="offer-extras" title={t`Extras`}>
      {form.extras.length === 0 ? <p>{t`No extras.`}</p> : null}
      <ol className="space-y-4">
        {form.extras.map((e, i) => {
          const n = i + 1
          const path = (field: string) => `content.extras.${i}.${field}`
          return (
            <li key={e.row}>
              <fieldset className="rounded-md border border-gray-300 p-3">
                <legend className="px-1 font-semibold">{t`Extra ${n}`}</legend>
                <div className="grid gap-3 md:grid-cols-3">
                  {languages.map((lang) => (
                    <FormField key={lang} id={fieldId(path(`title.${lang}`))} label={t`Name of extra ${n} (${LANGUAGE_NAMES[lang]})`} value={e.title[lang] ?? ''} error={error(path(`title.${lang}`))} onChange={(x) => set(i, (r) => void (r.title[lang] = x))} />
                  ))}
                  <FormField id={fieldId(path('price'))} label={t`Price of extra ${n} (${currency})`} hint={t`For example 120.50`} value={e.priceText} error={error(path('price'))} onChange={(x) => set(i, (r) => void (r.priceText = x))} />
                  <SelectField
                    id={fieldId(path('per'))}
                    label={t`Extra ${n} is charged`}
                    value={e.per}
                    options={[
                      { value: 'participant', label: t`per participant who chooses it` },
                      { value: 'booking', label: t`once per booking` },
                    ]}
                    onChange={(x) => set(i, (r) => void (r.per = x as OfferExtra['per']))}
                  />
                  <FormField id={fieldId(path('key'))} label={t`Key of extra ${n}`} value={e.key} error={error(path('key'))} onChange={(x) => set(i, (r) => void (r.key = x))} />
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" disabled={i === 0} onClick={() => change((d) => move(d.extras, i, -1))}>
                    {t`Move extra ${n} up`}
                  </Button>
                  <Button size="sm" variant="outline" disabled={i === form.extras.length - 1} onClick={() => change((d) => move(d.extras, i, 1))}>
                    {t`Move extra ${n} down`}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => change((d) => void d.extras.splice(i, 1))}>
                    {t`Remove extra ${n}`}
                  </Button>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      {form.extras.length < MAX_EXTRAS ? (
        <Button className="mt-4" variant="outline" onClick={add}>
          {t`Add an extra`}
        </Button>
      ) : null}
    </Section>
  )
}
