import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, FOLD_FROM, foldedNameSql, FOLD_TO, foldName, likeLiteral, parseSearch, phoneDigitsLike, wordStartPattern } from './search'

describe('the bookings search text', () => {
  it('folds names in the database (the generated column of migration 0012) as foldName does here', () => {
    const migration = readFileSync(join(import.meta.dirname, '../../db/migrations/0012_bookings_list_phone_name.sql'), 'utf8')
    expect(migration).toContain(`"search_name" text GENERATED ALWAYS AS (${foldedNameSql()}) STORED`)
  })

  it('folds names as SQL translate() does: one character for one, accents of both cases off', () => {
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length)
    expect(foldName('Müller-Lüdenscheidt')).toBe('muller ludenscheidt')
    expect(foldName('ZOÉ Dupont-Lefèvre')).toBe('zoe dupont lefevre')
    expect(foldName("d'Açores")).toBe('d acores')
  })

  it('reads booking codes in any case, with or without the dash, O as 0 and I or L as 1', () => {
    expect(codeOf('k7q2-x9pm')).toBe('K7Q2-X9PM')
    expect(codeOf(' K7Q2 X9PM ')).toBe('K7Q2-X9PM')
    expect(codeOf('KOQ2LX9I')).toBe('K0Q2-1X91')
    expect(codeOf('K7Q2-X9P')).toBeNull()
    expect(codeOf('UUUU-UUUU')).toBeNull() // U is not in the alphabet
  })

  it('tells e-mail addresses, phone numbers and names apart', () => {
    expect(parseSearch('  ')).toEqual({ kind: 'none' })
    expect(parseSearch('Anna@Example')).toEqual({ kind: 'email', prefix: 'anna@example', code: null })
    expect(parseSearch('+41 79 123 45 67')).toEqual({ kind: 'phone', digits: '791234567', code: null })
    expect(parseSearch('079 123 45 67')).toEqual({ kind: 'phone', digits: '791234567', code: null })
    expect(parseSearch('0041791234567')).toEqual({ kind: 'phone', digits: '791234567', code: null })
    expect(parseSearch('4567')).toEqual({ kind: 'phone', digits: '4567', code: null })
    expect(parseSearch('123')).toMatchObject({ kind: 'name', words: ['123'] })
    expect(parseSearch('Anna Müller')).toEqual({ kind: 'name', words: ['anna', 'muller'], emailPrefix: null, code: null })
    expect(parseSearch('anna.keller')).toEqual({ kind: 'name', words: ['anna', 'keller'], emailPrefix: 'anna.keller', code: null })
    // A name of code shape is tried as a code first (./list.ts), and else searched as the name it is.
    expect(parseSearch('Schwartz')).toMatchObject({ kind: 'name', words: ['schwartz'], code: 'SCHW-ARTZ' })
    expect(parseSearch('Müller')).toMatchObject({ kind: 'name', code: null })
    expect(parseSearch('k7q2x9pm')).toMatchObject({ kind: 'name', code: 'K7Q2-X9PM' })
    expect(parseSearch('a b c d e f g')).toMatchObject({ words: ['a', 'b', 'c', 'd', 'e'] })
  })

  it('builds patterns that match a folded word at the start of a word only, and escapes what is special', () => {
    const muller = new RegExp(wordStartPattern('muller'))
    expect(muller.test(foldName('Jürg Müller').toLowerCase())).toBe(true)
    expect(muller.test(foldName('Anna Keller-Müller').toLowerCase())).toBe(true)
    expect(muller.test(foldName('Anna Mueller').toLowerCase())).toBe(false)
    expect(muller.test(foldName('Schmüller').toLowerCase())).toBe(false)
    expect(new RegExp(wordStartPattern('a.b')).test('xaxb')).toBe(false)
    expect(new RegExp(wordStartPattern('firma')).test('=cmd @firma ag')).toBe(true)
    // The stored number's digits (`+41 79 123 45 67` → `41791234567`) contain the searched ones.
    expect(phoneDigitsLike('79 123-45 67')).toBe('%791234567%')
    expect('41791234567'.includes(phoneDigitsLike('791234567').slice(1, -1))).toBe(true)
    expect(likeLiteral('50%_a\\b')).toBe('50\\%\\_a\\\\b')
  })
})
