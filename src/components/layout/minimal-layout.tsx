import type { ReactNode } from 'react'
import { InLayout } from './in-layout'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import { ContactLinks } from '~/components/contact-links'
import { pickLabel, type Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'

type ShopConfig = Omit<components['schemas']['ShopConfig'], 'legal'>

/**
 * Minimal layout (the payment-link page): the shop's logo and name leading back to the shop, and
 * how to reach it, without the shop's navigation. The page inside brings its own `main`.
 */
export function MinimalLayout({ config, lang, children }: { config: ShopConfig; lang: Locale; children: ReactNode }) {
  const title = pickLabel(config.labels.title, lang)
  const { contact } = config
  return (
    <InLayout.Provider value={true}>
      <div className="flex min-h-screen flex-col">
        <header className="mx-auto flex w-full max-w-3xl justify-center px-4 py-6">
          <Link to="/$lang" params={{ lang }} className="flex items-center gap-3 rounded-md text-xl font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent">
            <img src={mediaUrl(config.media.logo, MEDIA_SIZES.logo)} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            <span data-testid="shop-name">{title}</span>
          </Link>
        </header>
        <div className="mx-auto w-full max-w-3xl flex-1 px-4 pb-12">{children}</div>
        <footer className="border-t border-black/10">
          <div className="mx-auto max-w-3xl px-4 py-6 text-sm">
            <h2 id="minimal-contact" className="text-base font-semibold">
              <Trans>Questions? Contact us</Trans>
            </h2>
            <ul aria-labelledby="minimal-contact" className="mt-2 space-y-1" data-testid="minimal-contact">
              <li>{contact.name}</li>
              <ContactLinks contact={contact} />
            </ul>
            <p className="mt-4">
              <Link to="/$lang" params={{ lang }} className="underline">
                <Trans>Back to the shop</Trans>
              </Link>
            </p>
          </div>
        </footer>
      </div>
    </InLayout.Provider>
  )
}
