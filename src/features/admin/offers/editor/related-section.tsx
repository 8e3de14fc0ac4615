import { useLingui } from '@lingui/react/macro'
import type { OfferListItem } from '~/api/admin-offers.queries'
import { Section } from '../../profile/section'
import { useOfferLabels } from '../status-label'
import { fieldId, type SectionProps } from './form-state'

/** Other offers of the shop shown with this one ("More offers"); only published ones reach visitors. */
export function RelatedSection({ form, change, others }: Pick<SectionProps, 'form' | 'change'> & { others: OfferListItem[] }) {
  const { t } = useLingui()
  const labels = useOfferLabels()
  return (
    <Section id="offer-related" title={t`Related offers`}>
      <fieldset>
        <legend className="text-sm">{t`Shown below the offer as "More offers" (only those that are published).`}</legend>
        {others.length === 0 ? <p className="mt-2">{t`The shop has no other offers yet.`}</p> : null}
        <div className="mt-2 grid gap-x-6 md:grid-cols-2">
          {others.map((offer, i) => (
            <label key={offer.id} className="flex min-h-11 items-center gap-2">
              <input
                id={i === 0 ? fieldId('content.related') : undefined}
                type="checkbox"
                className="h-5 w-5"
                checked={form.related.includes(offer.slug)}
                onChange={(e) => change((d) => void (d.related = e.target.checked ? [...d.related, offer.slug] : d.related.filter((s) => s !== offer.slug)))}
              />
              <span>
                {offer.title || offer.slug}
                {offer.status !== 'published' ? ` (${labels.status[offer.status]})` : ''}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  )
}
