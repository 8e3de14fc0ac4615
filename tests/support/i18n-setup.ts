import { loadCatalog } from '../../src/lib/i18n'
import { loadCountryNames } from '../../src/lib/countries'
import { loadContactChecks } from '../../src/machines/checkout/contact-checks'

/**
 * The visitor catalogues load on demand in the app (ADR 034), so do the country names and the
 * checkout's phone and postcode checks (ADR 040); unit and component tests get them all up front.
 */
const locales = ['de', 'en', 'fr'] as const
await Promise.all([...locales.map((locale) => loadCatalog(locale)), ...locales.map((locale) => loadCountryNames(locale)), loadContactChecks()])
