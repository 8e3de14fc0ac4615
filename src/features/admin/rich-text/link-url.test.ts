import { describe, expect, it } from 'vitest'
import { isKeptHref, linkHref, linkText } from './link-url'

describe('the link form’s addresses', () => {
  it.each([
    ['https://example.ch/agb', 'https://example.ch/agb'],
    ['  HTTP://Example.ch ', 'http://example.ch/'],
    ['www.example.ch/impressum', 'https://www.example.ch/impressum'],
    ['info@example.ch', 'mailto:info@example.ch'],
    ['mailto:info@example.ch?subject=Buchung', 'mailto:info@example.ch?subject=Buchung'],
    ['+41 79 900 00 00', 'tel:+41799000000'],
    ['tel:+41 (0)44 123 45 67', 'tel:+41441234567'],
  ])('accepts %s as %s', (input, href) => {
    expect(linkHref(input)).toBe(href)
    expect(isKeptHref(href)).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'ftp://example.ch/file',
    '//example.ch/protocol-relative',
    'https://user:secret@example.ch/',
    'https://localhost/',
    'mailto:not an address',
    'tel:call me',
    'example',
    '',
  ])('refuses %j', (input) => {
    expect(linkHref(input)).toBeNull()
  })

  it('keeps what the server keeps: paths and fragments too, no other scheme', () => {
    expect(isKeptHref('/de/imprint')).toBe(true)
    expect(isKeptHref('#section')).toBe(true)
    expect(isKeptHref('//evil.example')).toBe(false)
    expect(isKeptHref('javascript:alert(1)')).toBe(false)
  })

  it('shows an inserted link by its address without the scheme', () => {
    expect(linkText('https://www.example.ch/')).toBe('www.example.ch')
    expect(linkText('mailto:info@example.ch')).toBe('info@example.ch')
    expect(linkText('tel:+41799000000')).toBe('+41799000000')
  })
})
