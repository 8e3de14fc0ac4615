import type { ReactNode } from 'react'
import { InLayout } from './in-layout'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import { pickLabel, type Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'
import { safeHrefOrUndefined } from '~/lib/safe-url'
import { ContactLinks } from '~/components/contact-links'
import { LanguageSwitch } from './language-switch'
import { ContinueBookingNotice } from './continue-booking-notice'

type ShopConfig = Omit<components['schemas']['ShopConfig'], 'legal'>

/** Default layout: header with logo, title and language switch; footer with contact and legal links. */
export function DefaultLayout({ config, lang, children }: { config: ShopConfig; lang: Locale; children: ReactNode }) {
  const { t } = useLingui()
  const title = pickLabel(config.labels.title, lang)
  return (
    <InLayout.Provider value={true}>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2 focus:text-on-surface">
          <Trans>Skip to content</Trans>
        </a>
        <header className="bg-primary text-on-primary">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
            <Link to="/$lang" params={{ lang }} className="flex items-center gap-3 rounded">
              <img src={mediaUrl(config.media.logo, MEDIA_SIZES.logo)} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
              <span className="text-lg font-semibold" data-testid="shop-title">
                {title}
              </span>
              <span className="sr-only">
                {' – '}
                {t`Home page`}
              </span>
            </Link>
            <LanguageSwitch languages={config.languages} current={lang} />
          </div>
        </header>
        <ContinueBookingNotice lang={lang} />
        <div id="main" className="flex-1" tabIndex={-1}>
          {children}
        </div>
        <Footer config={config} lang={lang} />
      </div>
    </InLayout.Provider>
  )
}

function Footer({ config, lang }: { config: ShopConfig; lang: Locale }) {
  const { t } = useLingui()
  const { contact } = config
  const website = safeHrefOrUndefined(contact.website, { external: true })
  const hours = pickLabel(contact.openingHours, lang)
  return (
    <footer className="mt-16 bg-surface text-on-surface" data-testid="footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-base font-semibold">
            <Trans>Contact</Trans>
          </h2>
          <ul className="mt-2 space-y-1">
            <li>{contact.name}</li>
            <ContactLinks contact={contact} />
            {website ? (
              <li>
                <a className="underline" href={website} rel="noopener noreferrer">
                  {website.replace(/^https?:\/\//, '')}
                </a>
              </li>
            ) : null}
          </ul>
          {hours ? <p className="mt-2 text-sm">{hours}</p> : null}
        </section>
        <section aria-labelledby="footer-address">
          <h2 id="footer-address" className="text-base font-semibold">
            <Trans>Address</Trans>
          </h2>
          <address className="mt-2 not-italic">
            {contact.name}
            <br />
            {contact.address.street} {contact.address.streetNumber}
            <br />
            {contact.address.postalCode} {contact.address.city}
            <br />
            <CountryName code={contact.address.country} lang={lang} />
          </address>
        </section>
        <nav aria-label={t`Legal`}>
          <h2 className="text-base font-semibold">
            <Trans>Legal</Trans>
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="underline" to="/$lang/imprint" params={{ lang }}>
                <Trans>Imprint</Trans>
              </Link>
            </li>
            <li>
              <Link className="underline" to="/$lang/privacy-policy" params={{ lang }}>
                <Trans>Privacy policy</Trans>
              </Link>
            </li>
            <li>
              <Link className="underline" to="/$lang/terms-and-conditions" params={{ lang }}>
                <Trans>Terms and conditions</Trans>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}

const INTL: Record<Locale, string> = { de: 'de-CH', en: 'en-CH', fr: 'fr-CH' }

/** One Intl.DisplayNames per language (making one costs more than rendering the footer). */
const regionNames = new Map<Locale, Intl.DisplayNames>()

function CountryName({ code, lang }: { code: string; lang: Locale }) {
  let name = code
  try {
    let names = regionNames.get(lang)
    if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([INTL[lang]], { type: 'region' })))
    name = names.of(code) ?? code
  } catch {
    // unknown code: show it as it is
  }
  return <>{name}</>
}
