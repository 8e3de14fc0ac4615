import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './rich-text'

describe('sanitizeRichText', () => {
  it('keeps formatting and safe links', () => {
    const html = '<h2>Title</h2><p>Call <a href="tel:+41331234567">us</a> or <a href="https://example.ch">visit</a>.</p><ul><li><strong>x</strong></li></ul>'
    const clean = sanitizeRichText(html)
    expect(clean).toContain('<h2>Title</h2>')
    expect(clean).toContain('<a href="tel:+41331234567">us</a>')
    expect(clean).toContain('<a href="https://example.ch" rel="noopener noreferrer nofollow" target="_blank">visit</a>')
    expect(clean).toContain('<li><strong>x</strong></li>')
  })

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,hi">x</a>', 'x'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<iframe src="https://evil"></iframe>', ''],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p style="position:fixed">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<h1>Big</h1>', '<h2>Big</h2>'],
  ])('renders %j inert', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected)
  })
})

describe('heading levels under the page title', () => {
  it('lifts the highest heading to h2 and keeps the others in step', async () => {
    const { sanitizeRichText, normaliseHeadings } = await import('./rich-text')
    expect(sanitizeRichText('<h3>Meeting point</h3><p>x</p><h4>Details</h4><h3>Bring</h3>')).toBe('<h2>Meeting point</h2><p>x</p><h3>Details</h3><h2>Bring</h2>')
    expect(normaliseHeadings('<h2>a</h2><h3>b</h3>')).toBe('<h2>a</h2><h3>b</h3>')
    expect(normaliseHeadings('<p>no headings</p>')).toBe('<p>no headings</p>')
    expect(sanitizeRichText('<h1>Top</h1><h3>Sub</h3>')).toBe('<h2>Top</h2><h3>Sub</h3>')
  })
})
