// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '~/api/client'
import { getI18n } from '~/lib/i18n'
import { ErrorView, statusOf } from './error-screen'

function renderAt(path: string, ui: React.ReactNode, lang: 'de' | 'en' | 'fr' = 'en') {
  const rootRoute = createRootRoute({ component: () => <I18nProvider i18n={getI18n(lang)}>{ui}</I18nProvider> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) })
  return render(<RouterProvider router={router} />)
}

describe('error screen', () => {
  afterEach(cleanup)

  it('knows the status of API errors and other errors', () => {
    expect(statusOf(new ApiError(401, { statusCode: 401, statusMessage: 'x', message: 'x', data: null }))).toBe(401)
    expect(statusOf({ statusCode: 404 })).toBe(404)
    expect(statusOf(new Error('boom'))).toBe(500)
  })

  it('shows code, status message, code description and go-home in the visitor’s language', async () => {
    renderAt('/de/x', <ErrorView statusCode={400} themeLoaded />, 'de')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', '400 Ungültige Anfrage')
    expect(screen.getByText('Bitte überprüfen Sie Ihre Angaben und versuchen Sie es erneut.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/de')
  })

  it('falls back to the 500 description for other codes and offers no go-home without a theme', async () => {
    renderAt('/fr/x', <ErrorView statusCode={418} themeLoaded={false} />, 'fr')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', '418 Erreur inconnue')
    expect(screen.getByText('Un problème est survenu de notre côté. Veuillez réessayer dans un instant.')).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('shows request id, url, message, stack and data in development only', async () => {
    const error = new ApiError(500, { statusCode: 500, statusMessage: 'x', message: 'db down', data: { flowinRequestId: 'req-42', code: 'internal' } })
    renderAt('/en/checkout', <ErrorView statusCode={500} error={error} themeLoaded />)
    const details = await screen.findByTestId('error-details')
    expect(import.meta.env.DEV).toBe(true)
    expect(details.textContent).toContain('req-42')
    expect(details.textContent).toContain('/en/checkout')
    expect(details.textContent).toContain('db down')
    expect(details.textContent).toContain('"code": "internal"')
    expect(details.textContent).toContain('ApiError')
  })
})
