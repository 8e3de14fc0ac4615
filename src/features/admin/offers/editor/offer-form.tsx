import { useEffect, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminApi } from '~/api/admin-client'
import { saveShopOffer, shopOfferQuery, type OfferListItem, type OfferView } from '~/api/admin-offers.queries'
import type { components } from '~/api/schema.gen'
import type { Locale } from '~/lib/locale'
import { fieldErrorsOf, type FieldErrors } from '../../field-errors'
import { ErrorSummary } from '../../error-summary'
import { DetailsSection } from './details-section'
import { ExtrasSection } from './extras-section'
import { contentOf, formOf, type Change } from './form-state'
import { ImagesSection } from './images-section'
import { RelatedSection } from './related-section'
import { OfferSaveBar } from './save-bar'
import { StatusActions } from './status-actions'
import { TextsSection } from './texts-section'
import { VariantsSection } from './variants-section'

type Props = { api: AdminApi; lang: Locale; offer: OfferView; languages: Locale[]; currency: string; tags: components['schemas']['Tag'][]; others: OfferListItem[] }

/**
 * The offer editor: one form saved at once with the version it was read at. A save that meets a
 * newer version keeps what was typed and offers to load the current version instead.
 */
export function OfferForm({ api, lang, offer, languages, currency, tags, others }: Props) {
  const queryClient = useQueryClient()
  const [version, setVersion] = useState(offer.version)
  const [form, setForm] = useState(() => formOf(offer.content, currency))
  const [dirty, setDirty] = useState(false)
  const [priceErrors, setPriceErrors] = useState<FieldErrors>({})
  // A status action (publish, archive…) saved a newer version of an unchanged form: take it over.
  useEffect(() => {
    if (!dirty && offer.version !== version) {
      setVersion(offer.version)
      setForm(formOf(offer.content, currency))
    }
  }, [offer, dirty, version, currency])
  const save = useMutation({
    mutationFn: (content: Parameters<typeof saveShopOffer>[2]['content']) => saveShopOffer(api, offer.id, { version, content }),
    onSuccess: async (saved) => {
      setVersion(saved.version)
      setForm(formOf(saved.content, currency))
      setDirty(false)
      queryClient.setQueryData(shopOfferQuery(api, offer.id).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: ['admin', 'offers', 'list'] })
    },
  })
  const change: Change = (edit) => {
    setForm((current) => {
      const draft = structuredClone(current)
      edit(draft)
      return draft
    })
    setDirty(true)
    setPriceErrors({})
    save.reset()
  }
  const loadCurrent = async () => {
    const current = await queryClient.fetchQuery({ ...shopOfferQuery(api, offer.id), staleTime: 0 })
    setVersion(current.version)
    setForm(formOf(current.content, currency))
    setDirty(false)
    save.reset()
  }
  const fieldErrors = { ...priceErrors, ...fieldErrorsOf(save.error) }
  const sectionProps = { form, change, error: (path: string) => fieldErrors[path], languages, currency }
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault()
        const result = contentOf(form, currency)
        if ('errors' in result) {
          save.reset()
          setPriceErrors(result.errors)
          return
        }
        setPriceErrors({})
        save.mutate(result.content)
      }}
    >
      <ErrorSummary errors={fieldErrors} />
      <StatusActions api={api} lang={lang} offer={offer} dirty={dirty} />
      <TextsSection {...sectionProps} completeness={offer.completeness} />
      <ImagesSection {...sectionProps} />
      <VariantsSection {...sectionProps} kind={offer.kind} />
      <ExtrasSection {...sectionProps} />
      <DetailsSection {...sectionProps} tags={tags} lang={lang} />
      <RelatedSection form={form} change={change} others={others} />
      <OfferSaveBar pending={save.isPending} saved={save.isSuccess} error={save.error} dirty={dirty} hasFieldErrors={Object.keys(fieldErrors).length > 0} onLoadCurrent={() => void loadCurrent()} />
    </form>
  )
}
