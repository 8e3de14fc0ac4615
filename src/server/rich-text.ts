import sanitizeHtml from 'sanitize-html'

/**
 * Rich text from a shop's configuration (legal pages) made safe to render: a small set of
 * formatting tags, links only to http(s), mailto and tel (opened safely), no scripts, styles,
 * event handlers or embedded content. sanitize-html is maintained and widely used.
 */
const memo = new Map<string, string>()

export function sanitizeRichText(html: string): string {
  // the same operator texts are rendered again and again: sanitise each once
  const known = memo.get(html)
  if (known !== undefined) return known
  const clean = normaliseHeadings(sanitize(html))
  if (memo.size > 300) memo.clear()
  memo.set(html, clean)
  return clean
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'abbr', 'address'],
    allowedAttributes: { a: ['href', 'title', 'hreflang', 'rel', 'target'], abbr: ['title'], th: ['scope'] },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // headings of the page are h1; the shop's own h1 becomes h2
      h1: 'h2',
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim()
        // a link to anything but http(s), mailto, tel or a path loses its tag, keeps its text
        if (!/^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(href)) return { tagName: 'span', attribs: {} }
        const external = /^https?:/i.test(href)
        return {
          tagName,
          attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs,
        }
      },
    },
  })
}

/**
 * The text sits under the page's h1: its highest heading becomes h2 and the others follow, so
 * heading levels never jump (a description starting with h3 would skip h2 for screen readers).
 */
export function normaliseHeadings(clean: string): string {
  const levels = [...clean.matchAll(/<h([2-6])>/g)].map((m) => Number(m[1]))
  if (!levels.length) return clean
  const shift = Math.min(...levels) - 2
  if (shift === 0) return clean
  return clean.replace(/<(\/?)h([2-6])>/g, (_, close: string, level: string) => `<${close}h${Number(level) - shift}>`)
}
