import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { StartClient } from '@tanstack/react-start/client'
import { loadCatalog } from '~/lib/i18n'
import { isLocale } from '~/lib/locale'
import { routeTreeFor } from '~/router'

/**
 * The browser's entry: the page's language catalogue first (a chunk of its own, ADR 034), so the
 * hydrated page says what the server rendered; then hydration, as TanStack Start's default entry.
 * A staff page's route tree (ADR 041) loads at the same time as the catalogue.
 */
async function start() {
  const lang = document.documentElement.lang
  void Promise.resolve(routeTreeFor(window.location.pathname)).catch(() => undefined)
  // Without it (a network error) the page still hydrates; the root route loads it again.
  if (isLocale(lang)) await loadCatalog(lang).catch(() => undefined)
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <StartClient />
      </StrictMode>,
    )
  })
}

void start()
