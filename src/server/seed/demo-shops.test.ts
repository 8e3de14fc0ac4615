import { describe, expect, it } from 'vitest'
import { demoShops } from './demo-shops'

/** The words each language's terms use for a way of paying. */
const WORDS = {
  online: { de: 'online', en: 'online', fr: 'en ligne' },
  link: { de: 'Zahlungslink', en: 'payment link', fr: 'lien de paiement' },
  onSite: { de: 'vor Ort', en: 'on site', fr: 'sur place' },
} as const

describe('demo shops', () => {
  it.each(demoShops.map((s) => [s.slug, s] as const))('%s: the terms name every way of paying the checkout offers', (_, shop) => {
    const options = shop.config.booking?.paymentOptions ?? []
    const ways = new Set<keyof typeof WORDS>()
    for (const o of options) {
      if (o === 'PAY_NOW') ways.add('online')
      if (o === 'PAY_LATER' || o === 'PAY_LATER_OR_ON_SITE') ways.add('link')
      if (o === 'PAY_ON_SITE' || o === 'PAY_LATER_OR_ON_SITE') ways.add('onSite')
    }
    expect(ways.size).toBeGreaterThan(0)
    const terms = shop.config.legal?.terms ?? {}
    expect(Object.keys(terms).length).toBeGreaterThan(0)
    for (const [lang, html] of Object.entries(terms) as [keyof (typeof WORDS)['online'], string][]) {
      for (const way of ways) expect(html, `${shop.slug} ${lang}: ${way}`).toContain(WORDS[way][lang])
    }
  })

  it.each(demoShops.map((s) => [s.slug, s] as const))('%s: no payment option includes another', (_, shop) => {
    const options = shop.config.booking?.paymentOptions ?? []
    if (options.includes('PAY_LATER_OR_ON_SITE')) expect(options.filter((o) => o === 'PAY_LATER' || o === 'PAY_ON_SITE')).toEqual([])
  })
})
