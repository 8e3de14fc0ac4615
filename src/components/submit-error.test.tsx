// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '~/api/client'
import { getI18n } from '~/lib/i18n'
import { SubmitError } from './submit-error'

const apiError = (status: number, code?: string) =>
  new ApiError(status, { statusCode: status, statusMessage: 'x', message: 'x', data: code ? { code } : {} })

describe('submit errors', () => {
  afterEach(cleanup)
  const show = (error: unknown, lang: 'de' | 'en' | 'fr' = 'en') =>
    render(
      <I18nProvider i18n={getI18n(lang)}>
        <SubmitError error={error} />
      </I18nProvider>,
    )

  it.each([
    [apiError(500), 'Error', 'The server is not available. Please try again later.'],
    [apiError(429), 'Error', 'Too many attempts in a short time. Please wait a moment and try again.'],
    [apiError(502), 'Error', 'Unfortunately, a server error has occurred. Please try again later.'],
    [apiError(503), 'Error', 'Unfortunately, a server error has occurred. Please try again later.'],
    [apiError(400), 'Invalid enquiry', 'Please check your entries and try again.'],
    [apiError(410, 'link.invalid'), 'Error', 'The link has expired or is invalid. Request a new link.'],
    [apiError(400, 'code.invalid'), 'Error', 'The code is invalid or has expired. Request a new code.'],
    [new TypeError('Failed to fetch'), 'Error', 'Unfortunately, a server error has occurred. Please try again later.'],
  ])('%#: %s', (error, title, message) => {
    show(error)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(`${title}${message}`)
  })

  it('speaks the visitor’s language', () => {
    show(apiError(500), 'de')
    expect(screen.getByRole('alert').textContent).toBe('FehlerDer Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.')
  })

  it('shows nothing without an error', () => {
    show(null)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
