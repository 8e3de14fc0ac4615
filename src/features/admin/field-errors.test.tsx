// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '~/api/client'
import type { Locale } from '~/lib/locale'
import { adminI18n, loadAdminMessages } from './i18n'
import { fieldErrorsOf, useAdminFieldErrorText, type FieldErrors } from './field-errors'
import { navigationFor } from './navigation'
import { isNotAuthorised, NotAuthorisedError } from './access'

function Texts({ errors }: { errors: FieldErrors }) {
  const text = useAdminFieldErrorText()
  return (
    <ul>
      {Object.entries(errors).map(([field, error]) => (
        <li key={field} data-testid={field}>
          {text(error)}
        </li>
      ))}
    </ul>
  )
}

async function renderIn(lang: Locale, errors: FieldErrors) {
  const i18n = adminI18n(lang, await loadAdminMessages(lang))
  return render(
    <I18nProvider i18n={i18n}>
      <Texts errors={errors} />
    </I18nProvider>,
  )
}

const ERRORS: FieldErrors = {
  password: { code: 'password.too_short', params: { minimum: 8 } },
  passwordConfirmation: { code: 'password.mismatch' },
  code: { code: 'code.invalid' },
  email: { code: 'email.invalid' },
  phone: { code: 'phone.invalid' },
  name: { code: 'required' },
}

describe('field errors of the staff forms', () => {
  afterEach(cleanup)

  it.each([
    ['en', 'The password must have at least 8 characters.', 'The passwords do not match.', 'The code is invalid or has expired. Request a new code.', 'Please enter a valid e-mail address.', 'Phone number invalid.', 'This field is required.'],
    ['de', 'Das Passwort muss mindestens 8 Zeichen lang sein.', 'Die Passwörter stimmen nicht überein.', 'Der Code ist ungültig oder abgelaufen. Fordern Sie einen neuen Code an.', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', 'Telefonnummer ungültig.', 'Dieses Feld ist erforderlich.'],
    ['fr', 'Le mot de passe doit comporter au moins 8 caractères.', 'Les mots de passe ne correspondent pas.', 'Le code n’est pas valable ou a expiré. Demandez un nouveau code.', 'Veuillez saisir une adresse e-mail valable.', 'Numéro de téléphone non valable.', 'Ce champ est obligatoire.'],
  ] as const)('speaks %s, from the API codes', async (lang, tooShort, mismatch, code, email, phone, required) => {
    await renderIn(lang, ERRORS)
    expect(screen.getByTestId('password').textContent).toBe(tooShort)
    expect(screen.getByTestId('passwordConfirmation').textContent).toBe(mismatch)
    expect(screen.getByTestId('code').textContent).toBe(code)
    expect(screen.getByTestId('email').textContent).toBe(email)
    expect(screen.getByTestId('phone').textContent).toBe(phone)
    expect(screen.getByTestId('name').textContent).toBe(required)
  })

  it("reads data.errors of a validation answer, nothing of other errors", () => {
    const body = { statusCode: 400, statusMessage: 'Invalid enquiry', message: 'x', data: { code: 'validation', errors: { code: { code: 'code.invalid' } } } }
    expect(fieldErrorsOf(new ApiError(400, body))).toEqual({ code: { code: 'code.invalid' } })
    expect(fieldErrorsOf(new ApiError(409, { ...body, statusCode: 409, data: { code: 'staff.last_owner' } }))).toEqual({})
    expect(fieldErrorsOf(new Error('network'))).toEqual({})
  })
})

describe('navigation by role', () => {
  it('shows the Staff group to owners only', () => {
    const paths = (role: 'owner' | 'manager' | 'guide') => navigationFor(role).flatMap((g) => g.entries.map((e) => e.path))
    expect(paths('owner')).toContain('/staff')
    expect(paths('manager')).not.toContain('/staff')
    expect(paths('guide')).not.toContain('/staff')
    expect(navigationFor('guide').every((g) => g.entries.length > 0)).toBe(true)
  })

  it('gives every member their own availability, and the planning board to managers and owners', () => {
    const paths = (role: 'owner' | 'manager' | 'guide') => navigationFor(role).flatMap((g) => g.entries.map((e) => e.path))
    expect(paths('guide')).toContain('/planning/availability')
    expect(paths('guide')).not.toContain('/planning/board')
    expect(paths('manager')).toEqual(expect.arrayContaining(['/planning/board', '/planning/availability']))
  })
})

describe('the 401 refusal', () => {
  it('is recognised after crossing to the browser, where only its message survives', () => {
    const refusal = new NotAuthorisedError()
    expect(isNotAuthorised(refusal)).toBe(true)
    expect(isNotAuthorised(new Error(refusal.message))).toBe(true)
    expect(isNotAuthorised(new Error('You are not authorised'))).toBe(false)
    expect(isNotAuthorised(null)).toBe(false)
  })
})
