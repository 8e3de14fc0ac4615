import type { MessageDescriptor } from '@lingui/core'
import type { components } from '~/api/schema.gen'
import { getI18n } from './i18n'
import { pickLabel, type Locale } from './locale'

type ShopConfig = Omit<components['schemas']['ShopConfig'], 'legal'>

/** Spec §1: page title followed by the shop title; `noindex` for pages search engines should skip. */
export function pageTitle(
  config: ShopConfig | undefined,
  lang: Locale,
  title: MessageDescriptor | string,
  options: { noindex?: boolean } = {},
) {
  const text = typeof title === 'string' ? title : getI18n(lang)._(title)
  const shop = pickLabel(config?.labels.title, lang)
  return {
    meta: [
      { title: [text, shop].filter(Boolean).join(' – ') },
      ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ],
  }
}
