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

  it('a size error is worded by what it measures (spec §5): a text, a number, a list, a date', () => {
    const en = textOf('en')
    expect(en({ code: 'too_small', params: { type: 'string', minimum: 2 } })).toBe('Please enter at least 2 characters.')
    expect(en({ code: 'too_big', params: { type: 'string', maximum: 100 } })).toBe('Please enter at most 100 characters.')
    expect(en({ code: 'too_small', params: { type: 'number', minimum: 1 } })).toBe('The value must be at least 1.')
    expect(en({ code: 'too_big', params: { type: 'number', maximum: 9 } })).toBe('The value must be at most 9.')
    expect(en({ code: 'too_small', params: { type: 'array', minimum: 2 } })).toBe('Please add at least 2.')
    expect(en({ code: 'too_big', params: { type: 'array', maximum: 3 } })).toBe('Please add at most 3.')
    expect(en({ code: 'too_small', params: { type: 'date', minimum: '2026-04-01' } })).toBe('The date must be after 1 April 2026.')
    expect(en({ code: 'too_big', params: { type: 'date', maximum: '2026-11-01' } })).toBe('The date must be before 1 November 2026.')
  })

  it('too many participants never read as characters, in any language', () => {
    const tooMany = { code: 'too_big', params: { type: 'array', maximum: 2 } }
    expect(textOf('en')(tooMany)).toBe('Please add at most 2.')
    expect(textOf('de')(tooMany)).toBe('Bitte höchstens 2 angeben.')
    expect(textOf('fr')(tooMany)).toBe('Veuillez en indiquer au plus 2.')
    // Without a type nothing says characters either.
    expect(textOf('en')({ code: 'too_big', params: { maximum: 2 } })).toBe('Please add at most 2.')
  })

  it('the variants in German and French', () => {
    const de = textOf('de')
    const fr = textOf('fr')
    expect(de({ code: 'too_big', params: { type: 'string', maximum: 100 } })).toBe('Bitte höchstens 100 Zeichen eingeben.')
    expect(fr({ code: 'too_small', params: { type: 'string', minimum: 2 } })).toBe('Veuillez saisir au moins 2 caractères.')
    expect(de({ code: 'too_small', params: { type: 'number', minimum: 1 } })).toBe('Der Wert muss mindestens 1 sein.')
    expect(fr({ code: 'too_big', params: { type: 'number', maximum: 9 } })).toBe('La valeur doit être au plus de 9.')
    expect(de({ code: 'too_small', params: { type: 'date', minimum: '2026-04-01' } })).toBe('Das Datum muss nach dem 1. April 2026 liegen.')
    expect(fr({ code: 'too_small', params: { type: 'date', minimum: '2026-04-01' } })).toBe('La date doit être postérieure au 1er avril 2026.')
  })

  it('a value of the wrong type: a number expected, else a mandatory field', () => {
    expect(textOf('en')({ code: 'invalid_type', params: { expected: 'number' } })).toBe('A number was expected')
    expect(textOf('en')({ code: 'invalid_type', params: { expected: 'int', format: 'safeint' } })).toBe('A number was expected')
    expect(textOf('en')({ code: 'invalid_type', params: { expected: 'string' } })).toBe('Mandatory field')
    expect(textOf('en')({ code: 'invalid_type' })).toBe('Mandatory field')
    expect(textOf('de')({ code: 'invalid_type', params: { expected: 'number' } })).toBe('Es wurde eine Zahl erwartet')
    expect(textOf('fr')({ code: 'invalid_type', params: { expected: 'boolean' } })).toBe('Champ obligatoire')
  })

  it('an item the server refused names why: places gone, a start time taken, a date started or cancelled by the shop', () => {
    expect(textOf('en')({ code: 'places.insufficient' })).toBe('There are not enough places left on this date any more. Please choose another date.')
    expect(textOf('en')({ code: 'slot.unavailable' })).toBe('This start time is no longer available. Please choose another one.')
    expect(textOf('en')({ code: 'session.past' })).toBe('This date has already started or was cancelled. Please choose another one.')
    expect(textOf('de')({ code: 'session.past' })).toBe('Dieser Termin hat bereits begonnen oder wurde abgesagt. Bitte wählen Sie einen anderen.')
    expect(textOf('fr')({ code: 'session.past' })).toBe('Cette date a déjà commencé ou a été annulée. Veuillez en choisir une autre.')
  })
})
