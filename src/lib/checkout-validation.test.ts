import { describe, expect, it } from 'vitest'
import countries from 'i18n-iso-countries'
import { z } from 'zod'
import { COUNTRY_CODES, countryOptions, PREFERRED_COUNTRIES } from './countries'
import {
  expectedParticipants,
  isKnownCountry,
  isValidEmail,
  isValidPhone,
  normalisePhone,
  validateCheckout,
  validateContact,
  validateParticipants,
  validatePayment,
  type CheckoutInput,
  type ContactInput,
  type ParticipantInput,
} from './checkout-validation'

const contact = (patch: { customer?: Partial<ContactInput['customer']>; person?: Partial<ContactInput['person']>; address?: Partial<ContactInput['address']> } = {}): ContactInput => ({
  customer: { type: 'PRIVATE', ...patch.customer },
  person: { firstname: 'Anna', surname: 'Muster', email: 'anna@example.ch', phone: '079 900 00 00', ...patch.person },
  address: { street: 'Seestrasse', streetNumber: '1', postalCode: '3800', city: 'Interlaken', country: 'CH', ...patch.address },
})

const p = (firstname: string, surname: string, extras: string[] = [], forSelf?: boolean): ParticipantInput => ({
  firstname,
  surname,
  extras,
  ...(forSelf !== undefined ? { forSelf } : {}),
})

describe('phone numbers', () => {
  it('accepts Swiss numbers with and without country code and returns E.164', () => {
    expect(isValidPhone('+41 79 900 00 00')).toBe(true)
    expect(isValidPhone('079 900 00 00')).toBe(true)
    expect(normalisePhone('+41 79 900 00 00')).toBe('+41799000000')
    expect(normalisePhone('079 900 00 00')).toBe('+41799000000')
    expect(normalisePhone(' 0041 79 900 00 00 ')).toBe('+41799000000')
    expect(normalisePhone('+49 30 1234567')).toBe('+49301234567')
  })

  it('refuses garbage', () => {
    for (const phone of ['', '   ', 'abc', '123', 'call me maybe', '+41 79 900 00', '+41 79 900 00 00 00 00', '0'.repeat(41)]) {
      expect(isValidPhone(phone), phone).toBe(false)
      expect(normalisePhone(phone), phone).toBeNull()
    }
  })
})

describe('e-mail addresses', () => {
  it.each([
    ['anna@example.ch', true],
    [' anna.muster+shop@sub.example.com ', true],
    ['anna@example', false],
    ['anna', false],
    ['anna@@example.ch', false],
    ['an na@example.ch', false],
    ['@example.ch', false],
    ['', false],
    [`${'a'.repeat(250)}@example.ch`, false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid)
  })

  // the pattern is zod's, written out (src/lib/checkout-rules.ts): both judge alike
  it.each(['anna@example.ch', 'a.b@c.de', '.a@b.ch', 'a..b@c.ch', 'a.@b.ch', "o'neil@x.ie", 'a+b@x-y.ch', 'a@-x.ch', 'a@x.c', 'a@x.c1', 'ä@x.ch', 'a@ä.ch', 'a_b@x.co.uk', 'a@x..ch'])(
    '%s: as z.email()',
    (email) => {
      expect(isValidEmail(email)).toBe(z.email().safeParse(email).success)
    },
  )
})

describe('validateContact', () => {
  it('accepts a complete private customer', () => {
    expect(validateContact(contact())).toEqual({})
    expect(validateContact(contact({ person: { phone: '+41 79 900 00 00' } }))).toEqual({})
  })

  it('requires every field', () => {
    const empty = contact({
      person: { firstname: ' ', surname: '', email: '', phone: '' },
      address: { street: '', streetNumber: '', postalCode: '', city: '', country: '' },
    })
    expect(validateContact(empty)).toEqual({
      'person.firstname': { code: 'required' },
      'person.surname': { code: 'required' },
      'person.email': { code: 'required' },
      'person.phone': { code: 'required' },
      'address.street': { code: 'required' },
      'address.streetNumber': { code: 'required' },
      'address.postalCode': { code: 'required' },
      'address.city': { code: 'required' },
      'address.country': { code: 'required' },
    })
  })

  it('requires the company of a company customer only', () => {
    expect(validateContact(contact({ customer: { type: 'COMPANY' } }))).toEqual({ 'customer.company': { code: 'required' } })
    expect(validateContact(contact({ customer: { type: 'COMPANY', company: '  ' } }))).toEqual({ 'customer.company': { code: 'required' } })
    expect(validateContact(contact({ customer: { type: 'COMPANY', company: 'Muster AG' } }))).toEqual({})
    expect(validateContact(contact({ customer: { type: 'PRIVATE', company: '' } }))).toEqual({})
    expect(validateContact(contact({ customer: { type: 'OTHER' } }))).toEqual({ 'customer.type': { code: 'invalid' } })
    expect(validateContact(contact({ customer: { type: '' } }))).toEqual({ 'customer.type': { code: 'required' } })
  })

  it('checks e-mail, phone and country', () => {
    expect(validateContact(contact({ person: { email: 'anna@example' } }))).toEqual({ 'person.email': { code: 'email' } })
    expect(validateContact(contact({ person: { phone: '12' } }))).toEqual({ 'person.phone': { code: 'phone' } })
    expect(validateContact(contact({ address: { country: 'XX' } }))).toEqual({ 'address.country': { code: 'country' } })
    expect(validateContact(contact({ address: { country: 'ch' } }))).toEqual({ 'address.country': { code: 'country' } })
    expect(validateContact(contact({ address: { country: 'CHE' } }))).toEqual({ 'address.country': { code: 'country' } })
    expect(validateContact(contact({ address: { country: 'LI', postalCode: '9490' } }))).toEqual({})
  })

  it('checks the postcode against the chosen country (src/lib/postcodes.ts)', () => {
    expect(validateContact(contact({ address: { postalCode: 'ABCDEFGHIJ' } }))).toEqual({ 'address.postalCode': { code: 'postcode', params: { country: 'CH' } } })
    expect(validateContact(contact({ address: { postalCode: '38000' } }))).toEqual({ 'address.postalCode': { code: 'postcode', params: { country: 'CH' } } })
    expect(validateContact(contact({ address: { postalCode: '3800', country: 'DE' } }))).toEqual({ 'address.postalCode': { code: 'postcode', params: { country: 'DE' } } })
    expect(validateContact(contact({ address: { postalCode: '3800', country: 'LI' } }))).toEqual({ 'address.postalCode': { code: 'postcode', params: { country: 'LI' } } })
    expect(validateContact(contact({ address: { postalCode: ' 80331 ', country: 'DE' } }))).toEqual({})
    // A country without a fixed format takes any plausible code.
    expect(validateContact(contact({ address: { postalCode: 'ABCDEFGHIJ', country: 'AQ' } }))).toEqual({})
    // The other errors of the field or the country come first.
    expect(validateContact(contact({ address: { postalCode: '' } }))).toEqual({ 'address.postalCode': { code: 'required' } })
    expect(validateContact(contact({ address: { postalCode: 'ABC', country: 'XX' } }))).toEqual({ 'address.country': { code: 'country' } })
  })

  it('checks the maximum lengths', () => {
    expect(validateContact(contact({ person: { firstname: 'x'.repeat(101) }, address: { streetNumber: '1'.repeat(21) }, customer: { type: 'COMPANY', company: 'c'.repeat(201) } }))).toEqual({
      'person.firstname': { code: 'too_big', params: { type: 'string', maximum: 100 } },
      'address.streetNumber': { code: 'too_big', params: { type: 'string', maximum: 20 } },
      'customer.company': { code: 'too_big', params: { type: 'string', maximum: 200 } },
    })
    expect(validateContact(contact({ person: { firstname: 'x'.repeat(100) } }))).toEqual({})
  })

  it('refuses control characters and line separators in every single-line field', () => {
    const single = { code: 'control_characters', params: { multiline: false } }
    expect(
      validateContact(
        contact({
          customer: { type: 'COMPANY', company: 'ACME\tAG' },
          person: { firstname: 'Anna\nBcc: x@example.com', surname: 'Muster\r', email: 'anna@example.ch\u0000', phone: '079 900 00 00\u0085' },
          address: { street: 'See\u2028strasse', streetNumber: '1\u2029', postalCode: '3800\u007F', city: 'Inter\u001Blaken' },
        }),
      ),
    ).toEqual({
      'customer.company': single,
      'person.firstname': single,
      'person.surname': single,
      'person.email': single,
      'person.phone': single,
      'address.street': single,
      'address.streetNumber': single,
      'address.postalCode': single,
      'address.city': single,
    })
    // the characters around the ranges are fine: space, NBSP, accents, dashes
    expect(validateContact(contact({ person: { firstname: 'Zoë\u00A0Anne', surname: 'Müller–Dupré' }, address: { street: 'Rue de l’Église' } }))).toEqual({})
  })
})

describe('validateParticipants', () => {
  const item = (participants: ParticipantInput[], expected = 2) => ({ itemId: 'i1', expected, participants, extras: ['wetsuit', 'photos'] })

  it('accepts exactly the expected participants with names and known extras', () => {
    expect(validateParticipants([item([p('Anna', 'Muster', ['wetsuit']), p('Ben', 'Muster', ['wetsuit', 'photos'], true)])])).toEqual({})
  })

  it('counts the participants', () => {
    expect(validateParticipants([item([p('Anna', 'Muster')])])).toEqual({ 'items.i1.participants': { code: 'too_small', params: { type: 'array', minimum: 2 } } })
    expect(validateParticipants([item([])])).toEqual({ 'items.i1.participants': { code: 'too_small', params: { type: 'array', minimum: 2 } } })
    expect(validateParticipants([item([p('A', 'B'), p('C', 'D'), p('E', 'F')])])).toEqual({ 'items.i1.participants': { code: 'too_big', params: { type: 'array', maximum: 2 } } })
  })

  it('refuses control characters in participants’ names', () => {
    expect(validateParticipants([item([p('Anna\r\nBcc: x@example.com', 'Muster'), p('Ben', 'Mus\u2028ter')])])).toEqual({
      'items.i1.participants.0.firstname': { code: 'control_characters', params: { multiline: false } },
      'items.i1.participants.1.surname': { code: 'control_characters', params: { multiline: false } },
    })
  })

  it('requires the names of every participant', () => {
    expect(validateParticipants([item([p('Anna', ''), p(' ', 'Muster')])])).toEqual({
      'items.i1.participants.0.surname': { code: 'required' },
      'items.i1.participants.1.firstname': { code: 'required' },
    })
  })

  it('refuses unknown and repeated extras', () => {
    expect(validateParticipants([item([p('Anna', 'Muster', ['jetpack']), p('Ben', 'Muster', ['photos', 'photos'])])])).toEqual({
      'items.i1.participants.0.extras': { code: 'invalid', params: { extra: 'jetpack' } },
      'items.i1.participants.1.extras': { code: 'invalid', params: { extra: 'photos' } },
    })
  })

  it('allows one participant "for self" in the whole booking', () => {
    const other = { itemId: 'i2', expected: 1, participants: [p('Anna', 'Muster', [], true)], extras: [] }
    expect(validateParticipants([item([p('Anna', 'Muster', [], true), p('Ben', 'Muster')]), other])).toEqual({
      'items.i2.participants.0.forSelf': { code: 'invalid' },
    })
  })

  it('knows how many participants an item needs', () => {
    expect(expectedParticipants({ skuType: 'activity', places: 4, quantity: 1 })).toBe(4)
    expect(expectedParticipants({ skuType: 'private-service-participant', places: 1, quantity: 3 })).toBe(3)
    expect(expectedParticipants({ skuType: 'private-service-slot', places: 1, quantity: 1 })).toBe(1)
  })
})

describe('validatePayment', () => {
  const allowed = ['PAY_ON_SITE', 'PAY_LATER'] as const

  it('accepts an allowed method with the terms accepted', () => {
    expect(validatePayment({ paymentMethod: 'PAY_ON_SITE', termsAccepted: true, allowed: [...allowed] })).toEqual({})
  })

  it('requires a method out of the allowed ones and the terms', () => {
    expect(validatePayment({ termsAccepted: false, allowed: [...allowed] })).toEqual({ paymentMethod: { code: 'required' }, termsAccepted: { code: 'required' } })
    expect(validatePayment({ paymentMethod: 'PAY_NOW', termsAccepted: true, allowed: [...allowed] })).toEqual({ paymentMethod: { code: 'invalid' } })
    expect(validatePayment({ paymentMethod: 'PAY_LATER', termsAccepted: true, allowed: [] })).toEqual({ paymentMethod: { code: 'invalid' } })
  })

  it('lets the message keep its line breaks, but no other control character', () => {
    const base = { paymentMethod: 'PAY_LATER' as const, termsAccepted: true, allowed: [...allowed] }
    expect(validatePayment({ ...base, message: 'Hello,\r\nsee you.\n' })).toEqual({})
    for (const bad of ['tab\there', 'bell\u0007', 'esc\u001B[0m', 'c1\u0085', 'sep\u2028', 'para\u2029', 'del\u007F']) {
      expect(validatePayment({ ...base, message: bad }), JSON.stringify(bad)).toEqual({ message: { code: 'control_characters', params: { multiline: true } } })
    }
  })

  it('limits the message', () => {
    expect(validatePayment({ paymentMethod: 'PAY_LATER', termsAccepted: true, allowed: [...allowed], message: 'm'.repeat(2001) })).toEqual({
      message: { code: 'too_big', params: { type: 'string', maximum: 2000 } },
    })
  })
})

describe('validateCheckout', () => {
  const ctx = { items: [{ itemId: 'i1', expected: 1, extras: ['wetsuit'] }, { itemId: 'i2', expected: 2, extras: [] }], paymentMethods: ['PAY_ON_SITE' as const] }
  const input = (patch: Partial<CheckoutInput> = {}): CheckoutInput => ({
    mode: 'order',
    items: [
      { itemId: 'i1', participants: [p('Anna', 'Muster', ['wetsuit'], true)] },
      { itemId: 'i2', participants: [p('Ben', 'Muster'), p('Cleo', 'Muster')] },
    ],
    ...contact(),
    customer: { type: 'PRIVATE' },
    paymentMethod: 'PAY_ON_SITE',
    termsAccepted: true,
    ...patch,
  })

  it('accepts a valid checkout', () => {
    expect(validateCheckout(input(), ctx)).toEqual({})
  })

  it('merges the errors of every part', () => {
    const errors = validateCheckout(
      input({
        items: [{ itemId: 'i1', participants: [p('Anna', '', ['photos'])] }, { itemId: 'nope', participants: [] }],
        person: { firstname: 'Anna', surname: 'Muster', email: 'x', phone: '+41 79 900 00 00' },
        paymentMethod: 'PAY_NOW',
        termsAccepted: false,
      }),
      ctx,
    )
    expect(errors).toEqual({
      'items.i1.participants.0.surname': { code: 'required' },
      'items.i1.participants.0.extras': { code: 'invalid', params: { extra: 'photos' } },
      'items.i2.participants': { code: 'too_small', params: { type: 'array', minimum: 2 } },
      'items.nope': { code: 'not_found' },
      'person.email': { code: 'email' },
      paymentMethod: { code: 'invalid' },
      termsAccepted: { code: 'required' },
    })
  })
})

describe('countryOptions', () => {
  // the names load per language (tests/support/i18n-setup.ts loads all three); the codes are a list of their own
  it('knows the codes i18n-iso-countries knows', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getAlpha2Codes()).sort())
  })

  it.each([
    ['de', 'Schweiz', 'Deutschland'],
    ['fr', 'Suisse', 'Allemagne'],
    ['en', 'Switzerland', 'Germany'],
  ] as const)('lists about 250 countries in %s, the neighbours first', (locale, switzerland, germany) => {
    const options = countryOptions(locale)
    expect(options.length).toBeGreaterThanOrEqual(240)
    expect(options.length).toBeLessThanOrEqual(260)
    expect(options.slice(0, PREFERRED_COUNTRIES.length).map((o) => o.code)).toEqual([...PREFERRED_COUNTRIES])
    expect(options[0]).toEqual({ code: 'CH', name: switzerland })
    expect(options[1]).toEqual({ code: 'DE', name: germany })
    expect(new Set(options.map((o) => o.code)).size).toBe(options.length)
    for (const option of options) expect(isKnownCountry(option.code), option.code).toBe(true)
    const rest = options.slice(PREFERRED_COUNTRIES.length).map((o) => o.name)
    const collator = new Intl.Collator(locale, { sensitivity: 'base' })
    expect([...rest].sort(collator.compare)).toEqual(rest)
  })

  it('sorts by the locale, not by code points', () => {
    const names = countryOptions('de').map((o) => o.name)
    // Ägypten sorts with A, not after Z.
    expect(names.indexOf('Ägypten')).toBeLessThan(names.indexOf('Belgien'))
  })

  const nameOf = (locale: 'de' | 'en' | 'fr', code: string) => countryOptions(locale).find((o) => o.code === code)?.name

  it.each([
    ['UM', 'Amerikanische Überseeinseln', 'Îles mineures éloignées des États-Unis', 'United States Minor Outlying Islands'],
    ['US', 'Vereinigte Staaten von Amerika', 'États-Unis d’Amérique', 'United States of America'],
    ['CH', 'Schweiz', 'Suisse', 'Switzerland'],
    ['GB', 'Vereinigtes Königreich', 'Royaume-Uni', 'United Kingdom'],
    ['CZ', 'Tschechische Republik', 'Tchéquie', 'Czech Republic'],
  ])('names %s in German, French and English', (code, de, fr, en) => {
    expect(nameOf('de', code)).toBe(de)
    expect(nameOf('fr', code)).toBe(fr)
    expect(nameOf('en', code)).toBe(en)
  })

  // CLDR (Node's ICU) judges which names are the same by nature: a German or French name that
  // equals the English one although CLDR's differ is left untranslated, except these, where both
  // spellings are right (CLDR's English adds "(Burma)", "SAR China"; French also writes "El Salvador").
  const SAME_AS_ENGLISH_ON_PURPOSE = { de: ['MM', 'MO'], fr: ['HK', 'MM', 'MO', 'SV', 'TL', 'VN'] }
  it.each(['de', 'fr'] as const)('leaves no %s name in English where CLDR translates it', (locale) => {
    const cldr = new Intl.DisplayNames([`${locale}-CH`], { type: 'region' })
    const cldrEnglish = new Intl.DisplayNames(['en-CH'], { type: 'region' })
    const untranslated = countryOptions(locale)
      .filter((o) => o.name === nameOf('en', o.code) && cldr.of(o.code) !== cldrEnglish.of(o.code))
      .map((o) => o.code)
      .sort()
    expect(untranslated).toEqual(SAME_AS_ENGLISH_ON_PURPOSE[locale])
  })

  it('writes names with typographic apostrophes and French names without capitals inside', () => {
    for (const locale of ['de', 'en', 'fr'] as const) expect(countryOptions(locale).filter((o) => o.name.includes("'"))).toEqual([])
    expect(nameOf('fr', 'AE')).toBe('Émirats arabes unis')
    expect(nameOf('fr', 'DO')).toBe('République dominicaine')
    expect(nameOf('de', 'SY')).toBe('Syrien')
  })
})
