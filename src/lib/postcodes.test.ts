import { describe, expect, it } from 'vitest'
import { postcodeValidatorExistsForCountry } from 'postcode-validator'
import { GENERIC, isValidPostcode } from './postcodes'

/**
 * Per country: real postcodes (taken) and look-alikes (refused), as the rule set of
 * `postcode-validator` decides them (it is the maintained source; cases it words differently from
 * the national posts, such as a Swiss 0800 or a Polish code without its hyphen, are left out).
 */
const CASES: Record<string, { valid: string[]; invalid: string[] }> = {
  CH: { valid: ['3800', '8001', '1200', '9658'], invalid: ['ABCDEFGHIJ', '380', '38000', 'CH-3800'] },
  LI: { valid: ['9490', '9485', '9497'], invalid: ['3800', '9484', '9500'] },
  DE: { valid: ['80331', '01067', '10115'], invalid: ['8033', '803311', 'D-80331', 'ABCDE'] },
  AT: { valid: ['1010', '6020'], invalid: ['0101', '10100'] },
  FR: { valid: ['75001', '13002', '20000'], invalid: ['7500', '750011'] },
  IT: { valid: ['00118', '20121'], invalid: ['2012', 'I-20121'] },
  NL: { valid: ['1012 AB', '1012AB', '3011 ed'], invalid: ['1012', '1012 A1'] },
  BE: { valid: ['1000', '9000'], invalid: ['10000'] },
  LU: { valid: ['1009', 'L-1009'], invalid: ['109', 'LU-1009'] },
  GB: { valid: ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A1BB'], invalid: ['SW1A', '1AA SW1', 'ABCDEFGHIJ', 'SW1A 1A'] },
  US: { valid: ['10001', '90210-1234'], invalid: ['1000', '90210-12', '90210 1234'] },
  CA: { valid: ['K1A 0B1', 'M5V3L9', 'h2x 1y4'], invalid: ['D1A 0B1', 'K1A 0D1', 'K1A0B', '12345'] },
  ES: { valid: ['28013', '08001', '52001'], invalid: ['53001', '00100', '2801'] },
  PT: { valid: ['1100-148', '4000-322'], invalid: ['1100-14', '11001-48'] },
  DK: { valid: ['1050', '8000'], invalid: ['105', '10500'] },
  SE: { valid: ['111 22', '11122'], invalid: ['1112'] },
  NO: { valid: ['0150', '5003'], invalid: ['150', '01500'] },
  FI: { valid: ['00100', '33100'], invalid: ['0010'] },
  PL: { valid: ['00-950', '31-042'], invalid: ['00-95', '0-0950'] },
  CZ: { valid: ['110 00', '11000', '602 00'], invalid: ['1100'] },
  IE: { valid: ['D02 X285', 'A65F4E2', 'D6W 1234'], invalid: ['B02 X285', 'D02 X28', '12345'] },
}

describe('postcodes per country', () => {
  for (const [country, { valid, invalid }] of Object.entries(CASES)) {
    it(`${country}: takes ${valid.join(', ')}; refuses ${invalid.join(', ')}`, () => {
      expect(postcodeValidatorExistsForCountry(country), `${country} has a rule of its own`).toBeDefined()
      for (const code of valid) expect(isValidPostcode(code, country), `${code} in ${country}`).toBe(true)
      for (const code of invalid) expect(isValidPostcode(code, country), `${code} in ${country}`).toBe(false)
    })
  }

  it('trims the input', () => {
    expect(isValidPostcode('  3800 ', 'CH')).toBe(true)
  })

  it('takes any plausible code of a country without a rule of its own, nothing else', () => {
    const country = 'AQ' // Antarctica: no postcode rule
    expect(postcodeValidatorExistsForCountry(country)).toBe(false)
    for (const code of ['C1002', 'ABCDEFGHIJ', '1', 'KY1-1104', '100 01']) expect(isValidPostcode(code, country), code).toBe(true)
    for (const code of ['', ' ', '-100', 'ABCDEFGHIJK', '10/01', '3800_', 'Zürich']) expect(isValidPostcode(code, country), code).toBe(false)
    expect(GENERIC.test('ABCDEFGHIJ')).toBe(true)
  })
})
