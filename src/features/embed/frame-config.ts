import type { CSSProperties } from 'react'

/**
 * The frame configuration of embedded widgets: set by the host page
 * through the loader's attributes, carried in the frame's URL, validated here before anything
 * reaches CSS. Frame mode is on once any of it is set.
 */
export const FRAME_FONTS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  sans: '"Helvetica Neue", Arial, "Liberation Sans", sans-serif',
  serif: 'Georgia, "Times New Roman", "Liberation Serif", serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Arial Rounded MT Bold", system-ui, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
} as const

export type FrameFont = keyof typeof FRAME_FONTS
export const FRAME_HIDE = ['images', 'header', 'description'] as const
export type FrameHide = (typeof FRAME_HIDE)[number]

export type FrameConfig = {
  /** Accent (primary) colour, `#rrggbb` only. */
  accent?: string
  font?: FrameFont
  /** Corner radius in px, 0–24. */
  radius?: number
  hide?: FrameHide[]
}

/** Search params every embed route understands: the frame configuration and the messaging. */
export type EmbedSearch = FrameConfig & {
  /** Origin of the host page (from the loader); messages go only there. */
  origin?: string
  /** The host page's path (from the loader), for the shop's reports. */
  path?: string
  /** The loader's id of this widget on the host page. */
  widget?: string
}

const HEX = /^#[0-9a-f]{6}$/i
const WIDGET = /^[a-z0-9-]{1,32}$/i
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i
/** A URL path as browsers send it (percent-encoded): no query, no fragment, at most 200 characters. */
const PATH = /^\/[A-Za-z0-9/_.~%!$&'()*+,;=:@-]{0,199}$/

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined)

export function parseOrigin(value: unknown): string | undefined {
  const v = text(value)
  if (!v || v.length > 200 || !ORIGIN.test(v)) return undefined
  try {
    const url = new URL(v)
    return url.origin === v.toLowerCase() ? url.origin : undefined
  } catch {
    return undefined
  }
}

/** Keeps what is well-formed, drops the rest (a wrong attribute must not break the widget). */
export function parseEmbedSearch(search: Record<string, unknown>): EmbedSearch {
  const result: EmbedSearch = {}
  const accent = text(search.accent)
  if (accent && HEX.test(accent)) result.accent = accent.toLowerCase()
  const font = text(search.font)
  if (font && Object.hasOwn(FRAME_FONTS, font)) result.font = font as FrameFont
  const radius = text(search.radius)
  if (radius && /^\d{1,2}$/.test(radius) && Number(radius) <= 24) result.radius = Number(radius)
  // The loader writes `hide=images,header`; the router, navigating inside the frame, an array.
  const hide = Array.isArray(search.hide) ? search.hide.filter((v) => typeof v === 'string').join(',') : text(search.hide)
  if (hide) {
    const items = [...new Set(hide.split(',').map((s) => s.trim()))].filter((s): s is FrameHide => (FRAME_HIDE as readonly string[]).includes(s))
    if (items.length) result.hide = items
  }
  const origin = parseOrigin(search.origin)
  if (origin) result.origin = origin
  const widget = text(search.widget)
  if (widget && WIDGET.test(widget)) result.widget = widget
  const path = text(search.path)
  if (path && PATH.test(path)) result.path = path
  return result
}

/** Only the frame configuration part, to carry along when the frame navigates. */
export function embedSearchOf(search: EmbedSearch): EmbedSearch {
  const { accent, font, radius, hide, origin, widget, path } = search
  return Object.fromEntries(
    Object.entries({ accent, font, radius, hide: hide?.length ? hide : undefined, origin, widget, path }).filter(([, v]) => v !== undefined && v !== ''),
  ) as EmbedSearch
}

export function isFrameMode(config: FrameConfig): boolean {
  return config.accent !== undefined || config.font !== undefined || config.radius !== undefined || (config.hide?.length ?? 0) > 0
}

export const hides = (config: FrameConfig, what: FrameHide) => config.hide?.includes(what) ?? false

function channel(c: number) {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

function luminance([r, g, b]: [number, number, number]) {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

export function contrast(a: [number, number, number], b: [number, number, number]) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Black or white text on the accent, whichever contrasts more (WCAG). */
export function onAccent(hex: string): [number, number, number] {
  const rgb = hexToRgb(hex)
  return contrast(rgb, [0, 0, 0]) >= contrast(rgb, [255, 255, 255]) ? [0, 0, 0] : [255, 255, 255]
}

/** CSS custom properties for the frame's root element: only validated values get here. */
export function frameStyle(config: FrameConfig): CSSProperties {
  const style: Record<string, string> = {}
  if (config.accent && HEX.test(config.accent)) {
    const rgb = hexToRgb(config.accent)
    style['--color-primary'] = `rgb(${rgb.join(' ')})`
    style['--color-on-primary'] = `rgb(${onAccent(config.accent).join(' ')})`
  }
  if (config.font && Object.hasOwn(FRAME_FONTS, config.font)) style.fontFamily = FRAME_FONTS[config.font]
  if (typeof config.radius === 'number' && Number.isInteger(config.radius) && config.radius >= 0 && config.radius <= 24) {
    const r = config.radius
    style['--radius-sm'] = `${Math.round(r / 2)}px`
    style['--radius-md'] = `${r}px`
    style['--radius-lg'] = `${Math.round(r * 1.5)}px`
    style['--radius-xl'] = `${r * 2}px`
  }
  return style as CSSProperties
}
