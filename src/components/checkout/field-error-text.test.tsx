// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { getI18n } from '~/lib/i18n'
import { useFieldErrorText } from './field-error-text'

const textOf = (lang: 'de' | 'en' | 'fr') =>
  renderHook(() => useFieldErrorText(), { wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={getI18n(lang)}>{children}</I18nProvider> }).result.current

describe('field error texts', () => {
  it('a postcode of another country names the chosen country in the visitor’s language', () => {
    expect(textOf('en')({ code: 'postcode', params: { country: 'CH' } })).toBe('This postcode does not exist in the chosen country (Switzerland).')
    expect(textOf('en')({ code: 'postcode', params: { country: 'DE' } })).toContain('(Germany)')
    expect(textOf('de')({ code: 'postcode', params: { country: 'DE' } })).toContain('(Deutschland)')
  })
})
