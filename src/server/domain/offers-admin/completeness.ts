import type { components } from '~/api/admin-schema.gen'

type S = components['schemas']
export type OfferCompleteness = S['OfferCompleteness']
type Part = S['OfferTextPart']
type Texts = Partial<Record<'de' | 'en' | 'fr', string>>

export const LOCALES = ['de', 'en', 'fr'] as const

/** What completeness looks at: the texts of an offer, whatever their source (stored row or form). */
export type CompletenessInput = {
  title: Texts
  intro: Texts
  description: Texts
  variants: { title: Texts }[]
  extras: { title: Texts }[]
  images: { alt: Texts }[]
}

const filled = (texts: Texts, lang: (typeof LOCALES)[number]) => !!texts[lang]?.trim()
/** A description that is only empty markup (`<p></p>`, what an emptied editor sends) counts as missing. */
const filledHtml = (texts: Texts, lang: (typeof LOCALES)[number]) => !!texts[lang]?.replace(/<[^>]*>/g, '').trim()

/**
 * Per language, which texts a visitor of that language would see in another language (the label
 * rule's fallback): the title, intro, description, and any variant title, extra title or image alt
 * text left empty. Only what exists counts: an offer without extras lacks no extra titles.
 */
export function completenessOf(input: CompletenessInput): OfferCompleteness {
  const result = { de: [], en: [], fr: [] } as Record<(typeof LOCALES)[number], Part[]>
  for (const lang of LOCALES) {
    if (!filled(input.title, lang)) result[lang].push('title')
    if (!filled(input.intro, lang)) result[lang].push('intro')
    if (!filledHtml(input.description, lang)) result[lang].push('description')
    if (input.variants.some((v) => !filled(v.title, lang))) result[lang].push('variants')
    if (input.extras.some((e) => !filled(e.title, lang))) result[lang].push('extras')
    if (input.images.some((i) => !filled(i.alt, lang))) result[lang].push('imageAlts')
  }
  return result
}
