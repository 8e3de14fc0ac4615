import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Locale } from '~/lib/locale'
import { Button } from '~/components/button'

type Widget = 'booking' | 'listing' | 'search'
type Offer = { slug: string; title: string }

/** What an operator pastes into their website: the loader once, one element per widget. */
export function widgetSnippet(options: { origin: string; widget: Widget; lang: Locale; offer?: Offer; linkText: string }) {
  const { origin, widget, lang, offer } = options
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  const fallback = widget === 'search' || !offer ? `${origin}/${lang}` : `${origin}/${lang}/listing/${offer.slug}`
  const offerAttribute = widget !== 'search' && offer ? ` data-offer="${escape(offer.slug)}"` : ''
  return [
    `<script async src="${origin}/embed/v1/loader.js"></script>`,
    `<div data-flowin-widget="${widget}"${offerAttribute} data-lang="${lang}">`,
    `  <a href="${escape(fallback)}">${escape(options.linkText)}</a>`,
    `</div>`,
  ].join('\n')
}

/**
 * For operators (the public widgets page and the staff app's): the copy-paste snippet of each
 * widget, with a live preview made by the same loader script a host website uses (the page
 * loads /embed/v1/loader.js in its `head`). Headings start at level 2, below the page's own h1.
 */
export function WidgetSnippets({ offers, lang, origin }: { offers: Offer[]; lang: Locale; origin: string }) {
  const { t } = useLingui()
  const [slug, setSlug] = useState(offers[0]?.slug ?? '')
  const offer = offers.find((o) => o.slug === slug) ?? offers[0]
  const bookTitle = (title: string) => t`Book ${title}`
  const widgets: { id: Widget; heading: string; text: string; linkText: string }[] = [
    { id: 'booking', heading: t`Booking widget`, text: t`Calendar, times and the whole checkout of one offer.`, linkText: offer ? bookTitle(offer.title) : '' },
    { id: 'listing', heading: t`Offer widget`, text: t`One offer, compact, with a button to book it.`, linkText: offer ? offer.title : '' },
    { id: 'search', heading: t`Search widget`, text: t`A search form with your offers as results.`, linkText: t`Find an appointment` },
  ]
  return (
    <>
      <p className="mt-4 max-w-3xl">
        <Trans>
          Put bookings on your own website: paste the loader once and one element per widget. The widgets size themselves, need no cookies and tell your page when a booking is made (events
          flowin:ready, flowin:booking-started, flowin:checkout-completed and flowin:request-sent; with data-consent="granted" also in window.dataLayer).
        </Trans>
      </p>
      {offers.length ? (
        <label className="mt-6 block max-w-md">
          <span className="font-medium">
            <Trans>Offer for the booking and offer widgets</Trans>
          </span>
          <select value={offer?.slug ?? ''} onChange={(e) => setSlug(e.target.value)} className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900">
            {offers.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="mt-4 text-sm">
        <Trans>
          Optional attributes: data-date (YYYY-MM-DD) and data-participants to prefill; data-accent (#rrggbb), data-font (system, sans, serif, rounded, mono), data-radius (0–24) and data-hide
          (images, header, description) to fit your design.
        </Trans>
      </p>
      {widgets.map((w) => (
        <WidgetSection key={w.id} heading={w.heading} text={w.text} snippet={widgetSnippet({ origin, widget: w.id, lang, offer, linkText: w.linkText })} id={w.id} previewKey={`${w.id}-${offer?.slug ?? ''}`} />
      ))}
    </>
  )
}

function WidgetSection({ id, heading, text, snippet, previewKey }: { id: Widget; heading: string; text: string; snippet: string; previewKey: string }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState(false)
  // After hydration only: the loader then changes this element, not React's server markup.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const element = snippet.split('\n').slice(1).join('\n')
  // The preview is the snippet itself, picked up by the loader (the page loads it once).
  const attributes = Object.fromEntries([...element.matchAll(/ (data-[a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]))
  useEffect(() => {
    if (!mounted) return
    const scan = (window as { FlowinWidgets?: { scan: () => void } }).FlowinWidgets?.scan
    scan?.()
  }, [previewKey, mounted])
  return (
    <section aria-labelledby={`widget-${id}`} className="mt-10" data-testid={`widget-${id}`}>
      <h2 id={`widget-${id}`} className="text-2xl font-semibold">
        {heading}
      </h2>
      <p className="mt-1">{text}</p>
      {/* min-w-0: a grid column may shrink below its code's width (the code scrolls instead of the page) */}
      <div className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <pre className="overflow-x-auto rounded-md bg-gray-900 p-4 text-sm text-gray-50" tabIndex={0} aria-label={t`Code for the ${heading}`}>
            <code data-testid={`snippet-${id}`}>{snippet}</code>
          </pre>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => {
              void navigator.clipboard?.writeText(snippet).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }}
          >
            {copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
          </Button>
        </div>
        <div className="min-w-0 overflow-hidden rounded-md ring-1 ring-black/10" key={previewKey}>
          {mounted ? <div {...attributes} /> : null}
        </div>
      </div>
    </section>
  )
}
