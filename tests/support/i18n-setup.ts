import { loadCatalog } from '../../src/lib/i18n'

/** The visitor catalogues load on demand in the app (ADR 034); unit and component tests get all three up front. */
await Promise.all((['de', 'en', 'fr'] as const).map((locale) => loadCatalog(locale)))
