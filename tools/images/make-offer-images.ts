/**
 * Renders the demo offers' images (SVG illustrations -> JPEG) into seed/media/offers/.
 * Run once: `npm run images:offers`. The output is committed; the script
 * is deterministic (one seeded pseudo-random generator per image), so re-running it
 * yields the same art. File names are `<offer slug>-<n>.jpg` (see src/server/seed/demo-offers.ts).
 *
 * Alpin Abenteuer (Interlaken): landscapes with simple pictogram-like figures.
 * Atelier Saveurs & Argile (Fribourg): top-down flat lays on a wooden table, plus a few side views.
 */
import { mkdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { f, poly, rng, type Pt } from './svg'

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'seed', 'media', 'offers')
const W = 1200
const H = 800
const MAX_BYTES = 45 * 1024
const START_QUALITY = 65
const MIN_QUALITY = 40


type Rand = () => number
const between = (r: Rand, a: number, b: number) => a + r() * (b - a)
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!

// ---------------------------------------------------------------------------
// Generic SVG helpers
// ---------------------------------------------------------------------------

function doc(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>${defs}
  <filter id="blur"><feGaussianBlur stdDeviation="3"/></filter>
  <filter id="soft"><feGaussianBlur stdDeviation="10"/></filter>
  <filter id="haze"><feGaussianBlur stdDeviation="18"/></filter>
</defs>
${body}
</svg>`
}

/** Linear gradient, vertical by default ('h' horizontal, 'd' diagonal). */
function grad(id: string, stops: string[], dir: 'v' | 'h' | 'd' = 'v'): string {
  const x2 = dir === 'v' ? 0 : 1
  const y2 = dir === 'h' ? 0 : 1
  const s = stops.map((c, i) => `<stop offset="${(i / Math.max(1, stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s.join('')}</linearGradient>`
}

/** Radial glow that fades out. */
function glow(id: string, color: string, cx: number, cy: number, r: number, opacity = 0.9): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
}

/** Soft drop shadow under an object seen from above. */
const shadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.22) =>
  `<ellipse cx="${f(cx + 10)}" cy="${f(cy + 14)}" rx="${f(rx)}" ry="${f(ry)}" fill="#2a160b" opacity="${opacity}" filter="url(#soft)"/>`

/** Line from a to b displaced along its normal (midpoint displacement), for rock edges. */
function jag(a: Pt, b: Pt, amp: number, depth: number, r: Rand): Pt[] {
  let pts: Pt[] = [a, b]
  let m = amp
  for (let d = 0; d < depth; d++) {
    const next: Pt[] = []
    for (let i = 0; i < pts.length - 1; i++) {
      const [x1, y1] = pts[i]!
      const [x2, y2] = pts[i + 1]!
      const len = Math.hypot(x2 - x1, y2 - y1) || 1
      const k = (r() - 0.5) * m
      next.push([x1, y1], [(x1 + x2) / 2 + (-(y2 - y1) / len) * k, (y1 + y2) / 2 + ((x2 - x1) / len) * k])
    }
    next.push(pts[pts.length - 1]!)
    pts = next
    m *= 0.55
  }
  return pts
}

// ---------------------------------------------------------------------------
// Alpine landscape helpers (same approach as tools/images/make-seed-images.ts)
// ---------------------------------------------------------------------------

/** Mountain ridge across the image: random anchors, then midpoint displacement. */
function ridgeLine(r: Rand, y: number, spread: number, step: number, rough: number): Pt[] {
  const anchors: Pt[] = []
  for (let x = 0; x <= W; x += step) anchors.push([x, y + (r() - 0.5) * spread])
  if (anchors[anchors.length - 1]![0] < W) anchors.push([W, y + (r() - 0.5) * spread])
  return subdivide(anchors, rough, 5, r)
}

function subdivide(anchors: Pt[], roughness: number, depth: number, r: Rand): Pt[] {
  let pts = anchors
  let amp = roughness
  for (let d = 0; d < depth; d++) {
    const next: Pt[] = []
    for (let i = 0; i < pts.length - 1; i++) {
      const [x1, y1] = pts[i]!
      const [x2, y2] = pts[i + 1]!
      next.push([x1, y1], [(x1 + x2) / 2, (y1 + y2) / 2 + (r() - 0.5) * amp])
    }
    next.push(pts[pts.length - 1]!)
    pts = next
    amp *= 0.55
  }
  return pts
}

/** Filled range with optional snow caps and shaded flanks; needs #snow and #shadow in defs. */
function mountain(id: string, pts: Pt[], base: number, fill: string, r: Rand, snowLine?: number, shade = 0.2): string {
  const shape: Pt[] = [[0, base], ...pts, [W, base]]
  let extra = ''
  for (let i = 1; i < pts.length - 1; i++) {
    const [x, y] = pts[i]!
    const win = pts.slice(Math.max(0, i - 6), i + 7)
    if (win.every(([, wy]) => wy >= y) && base - y > 60) {
      const w = (base - y) * 0.75
      extra += `<polygon points="${poly([[x, y], [x + w, base], [x + w * 0.05, base]])}" fill="url(#shadow)" opacity="${shade}"/>`
    }
  }
  if (snowLine !== undefined) {
    const lower: Pt[] = pts.map(([x, y]): Pt => [x, y + Math.max(0, (snowLine - y) * 0.8 + (r() - 0.5) * 20)])
    extra += `<polygon points="${poly([...pts.map(([x, y]): Pt => [x, y - 2]), ...lower.reverse()])}" fill="url(#snow)"/>`
  }
  return (
    `<clipPath id="${id}"><polygon points="${poly(shape)}"/></clipPath>` +
    `<polygon points="${poly(shape)}" fill="${fill}"/>` +
    (extra ? `<g clip-path="url(#${id})">${extra}</g>` : '')
  )
}

function pine(x: number, baseY: number, h: number, color: string, snow = false): string {
  const w = h * 0.36
  let s = `<rect x="${f(x - h * 0.03)}" y="${f(baseY - h * 0.12)}" width="${f(h * 0.06)}" height="${f(h * 0.14)}" fill="#2a1d14"/>`
  for (let i = 0; i < 3; i++) {
    const top = baseY - h + i * h * 0.24
    const bottom = baseY - h * 0.1 - (2 - i) * h * 0.16
    const ww = w * (0.55 + i * 0.22)
    s += `<polygon points="${poly([[x, top], [x + ww, bottom], [x - ww, bottom]])}" fill="${color}"/>`
    if (snow) {
      const sb = top + (bottom - top) * 0.45
      s += `<polygon points="${poly([[x, top], [x + ww * 0.45, sb], [x + ww * 0.1, sb - 4], [x - ww * 0.2, sb + 3], [x - ww * 0.45, sb]])}" fill="#f4f8fc"/>`
    }
  }
  return s
}

/** Common defs of the alpine scenes. */
function alpineDefs(sky: string[]): string {
  return (
    grad('sky', sky) +
    grad('snow', ['#ffffff', '#dde7f0']) +
    `<linearGradient id="shadow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1a2a"/><stop offset="1" stop-color="#0b1a2a" stop-opacity="0.3"/></linearGradient>`
  )
}

/** Sky, sun glow, clouds and two mountain ranges down to `horizon`. */
function backdrop(
  r: Rand,
  o: { horizon: number; far: string; mid: string; farY: number; midY: number; snowFar?: number; snowMid?: number; sun?: Pt; sunColor?: string },
): string {
  let s = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`
  if (o.sun) {
    const c = o.sunColor ?? '#fff6dc'
    s += `<circle cx="${o.sun[0]}" cy="${o.sun[1]}" r="130" fill="${c}" opacity="0.25" filter="url(#haze)"/>`
    s += `<circle cx="${o.sun[0]}" cy="${o.sun[1]}" r="34" fill="${c}" opacity="0.95"/>`
  }
  for (let i = 0; i < 3; i++) {
    s += `<ellipse cx="${f(between(r, 100, 1100))}" cy="${f(between(r, 60, 170))}" rx="${f(between(r, 120, 220))}" ry="${f(between(r, 14, 26))}" fill="#ffffff" opacity="0.35" filter="url(#haze)"/>`
  }
  s += mountain('far', ridgeLine(r, o.farY, 280, 300, 110), o.horizon, o.far, r, o.snowFar, 0.22)
  s += `<rect y="${o.horizon - 140}" width="${W}" height="140" fill="#dbe7ee" opacity="0.22" filter="url(#haze)"/>`
  s += mountain('mid', ridgeLine(r, o.midY, 120, 240, 60), o.horizon, o.mid, r, o.snowMid, 0.16)
  return s
}

// ---------------------------------------------------------------------------
// Pictogram-like people
// ---------------------------------------------------------------------------

type Look = { shirt: string; pants: string; helmet?: string; hair?: string; skin?: string; harness?: string }
/** Limb angles in degrees: 0 = straight down, 90 = pointing right, 180 = up, -90 = left. */
type Pose = { armB: number; armF: number; legB: number; legF: number; lean?: number; kneeB?: number; kneeF?: number }

const SKINS = ['#f1c7a5', '#e0ac85', '#c98d64', '#8d5a3c']
const rad = (deg: number) => (deg * Math.PI) / 180
const end = (o: Pt, len: number, deg: number): Pt => [o[0] + Math.sin(rad(deg)) * len, o[1] + Math.cos(rad(deg)) * len]

/** A person standing on (x, y), about 100*s px tall; returns the svg and the front/back hand positions. */
function person(x: number, y: number, s: number, look: Look, pose: Pose): { svg: string; handF: Pt; handB: Pt } {
  const skin = look.skin ?? SKINS[0]!
  const hip: Pt = [0, -46]
  const shoulder: Pt = [0, -80]
  const line = (a: Pt, b: Pt, color: string, w: number) =>
    `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${color}" stroke-width="${w}" stroke-linecap="round"/>`
  const leg = (deg: number, knee: number | undefined, color: string) => {
    const k = end(hip, 24, deg)
    const foot = end(k, 24, deg + (knee ?? 0))
    return line(hip, k, color, 12) + line(k, foot, color, 11) + line(foot, [foot[0] + 6, foot[1]], '#2b2b2b', 9)
  }
  const arm = (deg: number, color: string): [string, Pt] => {
    const h = end(shoulder, 33, deg)
    return [line(shoulder, h, color, 9) + `<circle cx="${f(h[0])}" cy="${f(h[1])}" r="4.5" fill="${skin}"/>`, h]
  }
  const [armB, hb] = arm(pose.armB, shade(look.shirt))
  const [armF, hf] = arm(pose.armF, look.shirt)
  const head: Pt = [0, -94]
  let headSvg = `<circle cx="0" cy="${head[1]}" r="10" fill="${skin}"/>`
  if (look.helmet) {
    headSvg += `<path d="M-12 ${head[1] + 1} A12 12 0 0 1 12 ${head[1] + 1} Z" fill="${look.helmet}"/><rect x="-13" y="${head[1]}" width="26" height="3" rx="1.5" fill="${shade(look.helmet)}"/>`
  } else if (look.hair) {
    headSvg += `<path d="M-10.5 ${head[1] + 2} A10.5 10.5 0 0 1 10.5 ${head[1] - 1} Q 2 ${head[1] - 6} -10.5 ${head[1] + 2}Z" fill="${look.hair}"/>`
  }
  let body =
    armB +
    leg(pose.legB, pose.kneeB, shade(look.pants)) +
    leg(pose.legF, pose.kneeF, look.pants) +
    line(hip, shoulder, look.shirt, 19) +
    (look.harness ? line([-9, -48], [9, -48], look.harness, 5) : '') +
    headSvg +
    armF
  const lean = pose.lean ?? 0
  const tf = (p: Pt): Pt => {
    const c = Math.cos(rad(lean))
    const sn = Math.sin(rad(lean))
    return [x + (p[0] * c - p[1] * sn) * s, y + (p[0] * sn + p[1] * c) * s]
  }
  body = `<g transform="translate(${f(x)} ${f(y)}) rotate(${lean}) scale(${s})">${body}</g>`
  return { svg: body, handF: tf(hf), handB: tf(hb) }
}

/** Darker shade of a #rrggbb colour (for the far limbs). */
function shade(hex: string, k = 0.78): string {
  const n = parseInt(hex.slice(1), 16)
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * k))
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

const STAND: Pose = { armB: -12, armF: 12, legB: -6, legF: 6 }
const WALK: Pose = { armB: 25, armF: -25, legB: 22, legF: -20, kneeF: 12 }
const SHIRTS = ['#e4572e', '#f2a900', '#2e86ab', '#3d9a5a', '#9b5de5', '#d7263d', '#1b998b']
const PANTS = ['#2d3142', '#3b4252', '#4a3b30', '#23395b']

function lookFor(r: Rand, extra: Partial<Look> = {}): Look {
  return { shirt: pick(r, SHIRTS), pants: pick(r, PANTS), skin: pick(r, SKINS), hair: pick(r, ['#3b2416', '#6b4226', '#c9a25d', '#1e1e1e']), ...extra }
}

// ---------------------------------------------------------------------------
// Alpin Abenteuer scenes
// ---------------------------------------------------------------------------

/** Narrow gorge with a waterfall and a pool; canyoners abseiling or jumping. */
function gorge(seed: number, mode: 'abseil' | 'jump', evening = false): string {
  const r = rng(seed)
  const defs =
    alpineDefs(evening ? ['#f0b27a', '#f6d7a7', '#fbeacc'] : ['#7fb2d8', '#cfe4f0']) +
    grad('rockL', ['#6e6157', '#4a3f38', '#332b26'], 'd') +
    grad('rockR', ['#5d524a', '#3d342e'], 'd') +
    grad('back', ['#8c7e72', '#6b5f56']) +
    grad('fall', ['#e9f7fb', '#bfe6ef', '#e9f7fb'], 'h') +
    grad('pool', ['#4bb3b8', '#1f6f7a'])
  let s = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`
  // back wall of the gorge with a notch of sky
  s += `<polygon points="${poly([[300, 800], ...jag([300, 160], [540, 90], 40, 4, r), ...jag([680, 80], [920, 170], 40, 4, r), [920, 800]])}" fill="url(#back)"/>`
  // waterfall
  const fx = 590 + (r() - 0.5) * 40
  s += `<path d="M${f(fx - 38)} 86 C ${f(fx - 46)} 260 ${f(fx - 70)} 420 ${f(fx - 80)} 600 L ${f(fx + 80)} 600 C ${f(fx + 70)} 420 ${f(fx + 46)} 260 ${f(fx + 38)} 86 Z" fill="url(#fall)" opacity="0.95"/>`
  for (let i = 0; i < 14; i++) {
    const x = fx - 34 + r() * 68
    s += `<path d="M${f(x)} ${f(90 + r() * 80)} Q ${f(x + (x - fx) * 0.4)} ${f(350)} ${f(x + (x - fx) * 1.1)} ${f(560 + r() * 40)}" stroke="#ffffff" stroke-width="${f(2 + r() * 4)}" fill="none" opacity="0.7"/>`
  }
  // pool and foam
  s += `<ellipse cx="600" cy="700" rx="420" ry="150" fill="url(#pool)"/>`
  s += `<ellipse cx="${f(fx)}" cy="600" rx="150" ry="40" fill="#ffffff" opacity="0.85" filter="url(#blur)"/>`
  for (let i = 0; i < 6; i++) {
    s += `<ellipse cx="${f(fx)}" cy="${f(630 + i * 22)}" rx="${f(180 + i * 50)}" ry="${f(24 + i * 9)}" fill="none" stroke="#d8f3f5" stroke-width="3" opacity="${(0.5 - i * 0.07).toFixed(2)}"/>`
  }
  // side walls
  const left = jag([420, -10], [330, 810], 120, 6, r)
  const right = jag([790, -10], [880, 810], 120, 6, r)
  s += `<polygon points="${poly([[0, -10], ...left, [0, 810]])}" fill="url(#rockL)"/>`
  s += `<polygon points="${poly([[W, -10], ...right, [W, 810]])}" fill="url(#rockR)"/>`
  // strata and moss
  for (let i = 0; i < 9; i++) {
    const y = 60 + i * 85 + r() * 30
    s += `<path d="M0 ${f(y)} Q 200 ${f(y - 20 + r() * 40)} ${f(360 + r() * 40)} ${f(y + 30)}" stroke="#2a231f" stroke-width="3" fill="none" opacity="0.35"/>`
    s += `<path d="M${W} ${f(y + 20)} Q 1000 ${f(y - 10 + r() * 40)} ${f(850 + r() * 40)} ${f(y + 45)}" stroke="#231d19" stroke-width="3" fill="none" opacity="0.35"/>`
  }
  for (let i = 0; i < 10; i++) {
    const side = i % 2 === 0
    const x = side ? between(r, 240, 380) : between(r, 820, 980)
    s += `<ellipse cx="${f(x)}" cy="${f(between(r, 120, 620))}" rx="${f(between(r, 20, 60))}" ry="${f(between(r, 8, 18))}" fill="#5f8a3a" opacity="0.7"/>`
  }
  // people
  const wet: Partial<Look> = { shirt: '#1f2a33', pants: '#1f2a33', harness: '#f2c12e' }
  if (mode === 'abseil') {
    const top: Pt = [400, 0]
    const p = person(430, 420, 1.5, lookFor(r, { ...wet, helmet: '#e4572e' }), { armB: 160, armF: 175, legB: 70, legF: 80, kneeB: 10, kneeF: -10, lean: -55 })
    s += `<line x1="${top[0]}" y1="${top[1]}" x2="${f(p.handF[0])}" y2="${f(p.handF[1])}" stroke="#f2a900" stroke-width="4"/>`
    s += `<path d="M${f(p.handF[0])} ${f(p.handF[1])} Q ${f(p.handF[0] + 10)} 520 ${f(p.handF[0] - 20)} 640" stroke="#f2a900" stroke-width="3" fill="none"/>`
    s += p.svg
    // second canyoner waiting in the pool
    s += `<circle cx="760" cy="690" r="16" fill="${SKINS[1]}"/><path d="M742 690 A18 18 0 0 1 778 690Z" fill="#2e86ab"/>`
    s += `<ellipse cx="760" cy="705" rx="34" ry="8" fill="none" stroke="#d8f3f5" stroke-width="3" opacity="0.8"/>`
  } else {
    const p = person(700, 430, 1.6, lookFor(r, { ...wet, helmet: '#f2a900' }), { armB: 150, armF: -150, legB: 20, legF: -10, kneeB: -30, kneeF: 40, lean: 12 })
    s += p.svg
    for (let i = 0; i < 3; i++) s += `<path d="M${760 - i * 30} ${560 - i * 40} q 10 -20 0 -40" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.5"/>`
    s += `<circle cx="470" cy="700" r="15" fill="${SKINS[2]}"/><path d="M453 700 A17 17 0 0 1 487 700Z" fill="#e4572e"/>`
    s += `<path d="M466 690 L450 640" stroke="${SKINS[2]}" stroke-width="8" stroke-linecap="round"/>`
    s += `<ellipse cx="470" cy="712" rx="32" ry="8" fill="none" stroke="#d8f3f5" stroke-width="3" opacity="0.8"/>`
  }
  return doc(defs, s)
}

/** River with rapids and a raft; `close` shows one raft big through white water. */
function rafting(seed: number, close: boolean): string {
  const r = rng(seed)
  const horizon = close ? 300 : 400
  const defs =
    alpineDefs(['#76abd6', '#d5e8f2']) +
    grad('farRock', ['#7d8fa6', '#a3b4c5']) +
    grad('midRock', ['#3f6a50', '#2f5a45']) +
    grad('river', ['#7fc6c9', '#2f8e99', '#1f6c78']) +
    grad('bank', ['#4d7a3e', '#2f5a2e'])
  let s = backdrop(r, { horizon, far: 'url(#farRock)', mid: 'url(#midRock)', farY: horizon - 230, midY: horizon - 90, snowFar: horizon - 240, sun: [980, 120] })
  s += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#bank)"/>`
  // river widening towards the viewer
  const riverL = jag([close ? 420 : 520, horizon], [-200, H], 60, 5, r)
  const riverR = jag([close ? 760 : 640, horizon], [1400, H], 60, 5, r)
  s += `<polygon points="${poly([...riverL, ...riverR.reverse()])}" fill="url(#river)"/>`
  // trees along the banks
  for (let i = 0; i < 12; i++) {
    const x = i < 6 ? between(r, 0, close ? 260 : 380) : between(r, close ? 920 : 800, W)
    const yy = horizon + 10 + r() * 60
    s += pine(x, yy, 70 + r() * 60 + (yy - horizon), '#1f4a2e')
  }
  // waves
  for (let i = 0; i < 40; i++) {
    const t = r()
    const y = horizon + 20 + t * t * (H - horizon - 20)
    const half = 40 + t * 520
    const x = 600 + (r() - 0.5) * half * 1.6
    const w = 10 + t * 60
    s += `<path d="M${f(x - w)} ${f(y)} q ${f(w)} ${f(-w * 0.45)} ${f(w * 2)} 0" stroke="#ffffff" stroke-width="${f(2 + t * 4)}" fill="none" opacity="${(0.45 + r() * 0.4).toFixed(2)}" stroke-linecap="round"/>`
  }
  // raft with paddlers
  const cx = close ? 600 : 560
  const cy = close ? 600 : 560
  const k = close ? 1.9 : 1
  const rw = 230 * k
  const rh = 70 * k
  s += `<ellipse cx="${cx}" cy="${f(cy + rh * 0.35)}" rx="${f(rw * 1.15)}" ry="${f(rh * 0.6)}" fill="#ffffff" opacity="0.6" filter="url(#blur)"/>`
  s += `<g transform="rotate(${close ? -6 : -3} ${cx} ${cy})">`
  s += `<rect x="${f(cx - rw)}" y="${f(cy - rh)}" width="${f(rw * 2)}" height="${f(rh * 1.2)}" rx="${f(rh * 0.6)}" fill="#b8321c"/>`
  s += `<rect x="${f(cx - rw * 0.9)}" y="${f(cy - rh * 0.8)}" width="${f(rw * 1.8)}" height="${f(rh * 0.7)}" rx="${f(rh * 0.35)}" fill="#2b2f36"/>`
  const crew = 5
  for (let i = 0; i < crew; i++) {
    const px = cx - rw * 0.7 + (i * rw * 1.4) / (crew - 1)
    const helmet = pick(r, ['#f2a900', '#e4572e', '#2e86ab', '#f4f4f4'])
    const pose: Pose = { armB: 150 + r() * 20, armF: 120 + r() * 30, legB: 0, legF: 0, lean: -8 + r() * 6 }
    const p = person(px, cy + 6 * k, 0.9 * k, { shirt: '#f2c12e', pants: '#1f2a33', helmet, skin: pick(r, SKINS) }, pose)
    s += p.svg
    s += `<line x1="${f(p.handB[0])}" y1="${f(p.handB[1])}" x2="${f(p.handF[0] + 40 * k)}" y2="${f(cy + 34 * k)}" stroke="#1d1d1d" stroke-width="${f(4 * k)}" stroke-linecap="round"/>`
    s += `<ellipse cx="${f(p.handF[0] + 42 * k)}" cy="${f(cy + 38 * k)}" rx="${f(5 * k)}" ry="${f(12 * k)}" fill="#1d1d1d" transform="rotate(-30 ${f(p.handF[0] + 42 * k)} ${f(cy + 38 * k)})"/>`
  }
  s += `<rect x="${f(cx - rw)}" y="${f(cy - rh * 0.1)}" width="${f(rw * 2)}" height="${f(rh * 0.55)}" rx="${f(rh * 0.27)}" fill="#d9442a"/>`
  s += `<rect x="${f(cx - rw * 0.85)}" y="${f(cy)}" width="${f(rw * 1.7)}" height="${f(rh * 0.1)}" rx="3" fill="#ffffff" opacity="0.35"/>`
  s += `</g>`
  // splashes in front
  for (let i = 0; i < 18; i++) {
    s += `<circle cx="${f(cx + (r() - 0.5) * rw * 2.4)}" cy="${f(cy + rh * 0.3 + (r() - 0.3) * 40 * k)}" r="${f(3 + r() * 7 * k)}" fill="#ffffff" opacity="0.75"/>`
  }
  return doc(defs, s)
}

/** Steep limestone face with a via ferrata cable, or a suspension bridge across a gorge. */
function viaFerrata(seed: number, bridge: boolean): string {
  const r = rng(seed)
  const defs =
    alpineDefs(['#5f9bd0', '#cfe4f2']) +
    grad('farRock', ['#8497ac', '#b3c2d0']) +
    grad('midRock', ['#7c8c8a', '#5f7566']) +
    grad('cliff', ['#c9b59c', '#a08a72', '#7d6a57'], 'd') +
    grad('cliff2', ['#b6a189', '#8a7561'], 'd') +
    grad('valley', ['#6f9b4e', '#4f7d3a'])
  let s = backdrop(r, { horizon: 560, far: 'url(#farRock)', mid: 'url(#midRock)', farY: 250, midY: 440, snowFar: 240, sun: [200, 130] })
  s += `<polygon points="0,560 1200,560 1200,800 0,800" fill="url(#valley)"/>`
  // a thin waterfall in the distance (Lauterbrunnen)
  for (let i = 0; i < 8; i++) s += pine(between(r, 380, 900), 560 + r() * 12, 26 + r() * 16, '#2e5a3a')
  if (!bridge) {
    const edge = jag([700, -10], [520, 810], 140, 6, r)
    s += `<polygon points="${poly([[W, -10], ...edge, [W, 810]])}" fill="url(#cliff)"/>`
    for (let i = 0; i < 12; i++) {
      const y = between(r, 0, 800)
      s += `<path d="M${f(760 + r() * 80)} ${f(y)} l ${f(200 + r() * 260)} ${f(-20 + r() * 40)}" stroke="#6b5847" stroke-width="3" opacity="0.35"/>`
    }
    // cable with anchors and rungs, climbing up to the right
    const cable: Pt[] = [[640, 800], [700, 650], [760, 520], [830, 400], [880, 260], [960, 120], [1010, -10]]
    s += `<polyline points="${poly(cable)}" fill="none" stroke="#444" stroke-width="4"/>`
    for (const [x, y] of cable) s += `<circle cx="${x}" cy="${y}" r="6" fill="#666"/>`
    for (let i = 0; i < 10; i++) {
      const y = 760 - i * 70
      const x = 700 + i * 28
      s += `<path d="M${x + 30} ${y} h 50" stroke="#777" stroke-width="6" stroke-linecap="round"/>`
    }
    const p = person(790, 500, 1.6, lookFor(r, { helmet: '#f28c28', shirt: '#2e86ab', harness: '#d7263d' }), { armB: 160, armF: 150, legB: 10, legF: 40, kneeF: -40, lean: 15 })
    s += p.svg
    s += `<path d="M${f(790)} ${f(500 - 46 * 1.6)} q 20 -10 ${f(p.handF[0] - 790 - 10)} ${f(p.handF[1] - 500 + 60)}" stroke="#f2a900" stroke-width="3" fill="none"/>`
    const q = person(700, 760, 1.5, lookFor(r, { helmet: '#f2f2f2', shirt: '#d7263d', harness: '#2e86ab' }), { armB: 170, armF: 140, legB: -10, legF: 25, kneeF: -30, lean: 12 })
    s += q.svg
  } else {
    const leftEdge = jag([260, -10], [340, 810], 80, 5, r)
    const rightEdge = jag([940, -10], [860, 810], 80, 5, r)
    s += `<polygon points="${poly([[0, -10], ...leftEdge, [0, 810]])}" fill="url(#cliff)"/>`
    s += `<polygon points="${poly([[W, -10], ...rightEdge, [W, 810]])}" fill="url(#cliff2)"/>`
    // bridge: deck catenary with hand cables
    const a: Pt = [270, 360]
    const b: Pt = [930, 340]
    const deck = `M${a[0]} ${a[1]} Q 600 470 ${b[0]} ${b[1]}`
    s += `<path d="M${a[0]} ${a[1] - 60} Q 600 400 ${b[0]} ${b[1] - 60}" stroke="#3a3a3a" stroke-width="4" fill="none"/>`
    for (let i = 1; i < 24; i++) {
      const t = i / 24
      const x = (1 - t) * (1 - t) * a[0] + 2 * (1 - t) * t * 600 + t * t * b[0]
      const yd = (1 - t) * (1 - t) * a[1] + 2 * (1 - t) * t * 470 + t * t * b[1]
      s += `<line x1="${f(x)}" y1="${f(yd - 60)}" x2="${f(x)}" y2="${f(yd)}" stroke="#3a3a3a" stroke-width="2"/>`
    }
    s += `<path d="${deck}" stroke="#5a4632" stroke-width="12" fill="none"/>`
    const p = person(520, 398, 1.1, lookFor(r, { helmet: '#f28c28', shirt: '#3d9a5a', harness: '#d7263d' }), WALK)
    s += p.svg
    const q = person(690, 404, 1.1, lookFor(r, { helmet: '#2e86ab', shirt: '#e4572e', harness: '#f2c12e' }), { ...WALK, armF: 150 })
    s += q.svg
    s += `<path d="M${a[0]} ${a[1] - 60} Q 600 420 ${b[0]} ${b[1] - 60}" stroke="#3a3a3a" stroke-width="3" fill="none"/>`
  }
  return doc(defs, s)
}

/** Glacier with crevasses and a roped team of three. */
function glacier(seed: number): string {
  const r = rng(seed)
  const defs =
    alpineDefs(['#4e8cc6', '#bcd7ec']) +
    grad('farRock', ['#56697e', '#7b8ea2']) +
    grad('midRock', ['#6b7d8f', '#8a9aaa']) +
    grad('ice', ['#eef5fb', '#cfe2f1', '#b7d3ea']) +
    grad('crev', ['#4f8fc0', '#1f5f8f'])
  let s = backdrop(r, { horizon: 430, far: 'url(#farRock)', mid: 'url(#midRock)', farY: 190, midY: 400, snowFar: 230, snowMid: 380, sun: [1020, 110] })
  s += `<polygon points="${poly([[0, 430], ...jag([0, 430], [W, 400], 40, 5, r), [W, H], [0, H]])}" fill="url(#ice)"/>`
  for (let i = 0; i < 16; i++) {
    const t = r()
    const y = 450 + t * 320
    const x = r() * W
    const w = 60 + t * 220
    const h = 4 + t * 12
    s += `<path d="M${f(x)} ${f(y)} q ${f(w / 2)} ${f(-h)} ${f(w)} ${f(r() * 8)} q ${f(-w / 2)} ${f(h * 0.6)} ${f(-w)} ${f(-r() * 8)}Z" fill="url(#crev)" opacity="0.85"/>`
  }
  // rope team walking up to the left along a line
  const team: Pt[] = [
    [380, 560],
    [560, 610],
    [740, 660],
  ]
  const looks = [
    lookFor(r, { helmet: '#e4572e', shirt: '#d7263d', harness: '#f2c12e' }),
    lookFor(r, { helmet: '#f2f2f2', shirt: '#2e86ab', harness: '#f2c12e' }),
    lookFor(r, { helmet: '#f2a900', shirt: '#3d9a5a', harness: '#f2c12e' }),
  ]
  for (let i = 0; i < team.length - 1; i++) {
    const [x1, y1] = team[i]!
    const [x2, y2] = team[i + 1]!
    s += `<path d="M${x1} ${y1 - 72} Q ${(x1 + x2) / 2} ${(y1 + y2) / 2 - 20} ${x2} ${y2 - 76}" stroke="#f28c28" stroke-width="3" fill="none"/>`
  }
  team.forEach(([x, y], i) => {
    s += `<ellipse cx="${x}" cy="${y + 4}" rx="40" ry="7" fill="#7fa6c6" opacity="0.4"/>`
    const p = person(x, y, 1.55, looks[i]!, { ...WALK, lean: -6, armF: -10 })
    s += p.svg
    s += `<line x1="${f(p.handF[0])}" y1="${f(p.handF[1] - 30)}" x2="${f(p.handF[0] - 4)}" y2="${f(y + 2)}" stroke="#333" stroke-width="4"/>`
  })
  return doc(defs, s)
}

/** Moonlit snowshoe trail to a mountain hut with lit windows. */
function snowNight(seed: number): string {
  const r = rng(seed)
  const defs =
    grad('sky', ['#0f1e3d', '#2c3e73', '#6a5f9e']) +
    grad('snow', ['#ffffff', '#dde7f0']) +
    `<linearGradient id="shadow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1a2a"/><stop offset="1" stop-color="#0b1a2a" stop-opacity="0.3"/></linearGradient>` +
    grad('farRock', ['#3d4c78', '#56618f']) +
    grad('hill1', ['#dfe6f5', '#b8c4e0']) +
    grad('hill2', ['#f2f5fb', '#cdd6ea']) +
    grad('wood', ['#7a4a2c', '#5a341e']) +
    glow('win', '#ffcf6e', 0.5, 0.5, 0.5)
  let s = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`
  for (let i = 0; i < 90; i++) {
    s += `<circle cx="${f(r() * W)}" cy="${f(r() * 330)}" r="${f(0.8 + r() * 1.6)}" fill="#ffffff" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`
  }
  s += `<circle cx="930" cy="140" r="120" fill="#fdf6da" opacity="0.18" filter="url(#haze)"/><circle cx="930" cy="140" r="44" fill="#fdf6da"/>`
  s += `<circle cx="916" cy="130" r="8" fill="#ece3c2"/><circle cx="944" cy="152" r="6" fill="#ece3c2"/>`
  s += mountain('far', ridgeLine(r, 300, 200, 200, 80), 520, 'url(#farRock)', r, 360, 0.25)
  s += `<polygon points="${poly([[0, 800], [0, 470], ...subdivide([[0, 470], [400, 430], [800, 500], [1200, 450]], 40, 4, r), [W, 800]])}" fill="url(#hill1)"/>`
  for (let i = 0; i < 16; i++) {
    const x = between(r, 0, W)
    s += pine(x, 470 + r() * 50, 50 + r() * 50, '#1d3a34', true)
  }
  s += `<polygon points="${poly([[0, 800], [0, 600], ...subdivide([[0, 600], [500, 560], [900, 620], [1200, 580]], 30, 4, r), [W, 800]])}" fill="url(#hill2)"/>`
  // hut
  const hx = 760
  const hy = 560
  s += `<rect x="${hx}" y="${hy - 110}" width="230" height="120" fill="url(#wood)"/>`
  for (let i = 1; i < 6; i++) s += `<line x1="${hx}" y1="${hy - 110 + i * 20}" x2="${hx + 230}" y2="${hy - 110 + i * 20}" stroke="#3e2414" stroke-width="2" opacity="0.6"/>`
  s += `<polygon points="${poly([[hx - 30, hy - 104], [hx + 115, hy - 190], [hx + 260, hy - 104]])}" fill="#4a2c1a"/>`
  s += `<polygon points="${poly([[hx - 36, hy - 100], [hx + 115, hy - 196], [hx + 266, hy - 100], [hx + 250, hy - 112], [hx + 115, hy - 180], [hx - 20, hy - 112]])}" fill="#f4f7fc"/>`
  s += `<rect x="${hx + 170}" y="${hy - 210}" width="22" height="50" fill="#5a341e"/><rect x="${hx + 166}" y="${hy - 216}" width="30" height="10" rx="4" fill="#f4f7fc"/>`
  for (const wx of [hx + 30, hx + 150]) {
    s += `<circle cx="${wx + 25}" cy="${hy - 60}" r="70" fill="url(#win)" opacity="0.6"/>`
    s += `<rect x="${wx}" y="${hy - 85}" width="50" height="46" fill="#ffcf6e"/><path d="M${wx + 25} ${hy - 85} v46 M${wx} ${hy - 62} h50" stroke="#5a341e" stroke-width="4"/>`
  }
  s += `<rect x="${hx + 92}" y="${hy - 70}" width="40" height="80" fill="#3e2414"/>`
  // smoke
  s += `<path d="M${hx + 181} ${hy - 220} c -20 -30 30 -50 10 -80 s 30 -40 10 -70" stroke="#c9cfe4" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round"/>`
  // trail and walkers with headlamps
  s += `<path d="M80 800 C 250 700 420 680 560 640 S 740 600 ${hx + 100} ${hy + 10}" stroke="#b3bfdc" stroke-width="22" fill="none" opacity="0.6" stroke-dasharray="6 10"/>`
  const walkers: Pt[] = [
    [300, 700],
    [430, 668],
    [560, 640],
  ]
  walkers.forEach(([x, y], i) => {
    const p = person(x, y, 1.1 - i * 0.08, lookFor(r, { shirt: pick(r, ['#d7263d', '#2e86ab', '#f2a900']), hair: undefined, helmet: '#26324f' }), WALK)
    s += `<ellipse cx="${x}" cy="${y}" rx="26" ry="6" fill="#8e9bc2" opacity="0.6"/>`
    s += p.svg
    const lamp: Pt = [x + 8, y - 104 * (1.1 - i * 0.08)]
    s += `<circle cx="${f(lamp[0])}" cy="${f(lamp[1])}" r="4" fill="#fffbe6"/>`
    s += `<polygon points="${poly([lamp, [lamp[0] + 110, lamp[1] + 40], [lamp[0] + 100, lamp[1] + 80]])}" fill="#fff5c8" opacity="0.22"/>`
  })
  return doc(defs, s)
}

/** Turquoise lake with stand-up paddlers, by day or at sunset. */
function lake(seed: number, sunset: boolean): string {
  const r = rng(seed)
  const horizon = 440
  const defs =
    alpineDefs(sunset ? ['#5a6fa8', '#e99a7a', '#f8cf8e'] : ['#6aa7d6', '#cde5f2']) +
    grad('farRock', sunset ? ['#6d6290', '#8f7ea3'] : ['#7b8ea5', '#a7b8c8']) +
    grad('midRock', sunset ? ['#3f4a6b', '#4a5577'] : ['#2f5a45', '#3f6f52']) +
    grad('lake', sunset ? ['#e8a884', '#7d7fa8', '#3f4f7a'] : ['#6cc9c9', '#2aa2ab', '#13717e'])
  let s = backdrop(r, {
    horizon,
    far: 'url(#farRock)',
    mid: 'url(#midRock)',
    farY: 210,
    midY: 360,
    snowFar: 200,
    sun: sunset ? [300, 330] : [980, 120],
    sunColor: sunset ? '#ffd9a0' : '#fff6dc',
  })
  s += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#lake)"/>`
  if (sunset) s += `<rect x="240" y="${horizon}" width="120" height="${H - horizon}" fill="#ffd9a0" opacity="0.35" filter="url(#haze)"/>`
  for (let i = 0; i < 50; i++) {
    const y = horizon + 8 + r() * (H - horizon)
    s += `<rect x="${f(r() * W)}" y="${f(y)}" width="${f(30 + r() * 140)}" height="2" rx="1" fill="#ffffff" opacity="${(0.1 + r() * 0.2).toFixed(2)}"/>`
  }
  const riders: Array<[number, number, number]> = sunset
    ? [
        [620, 610, 1.4],
        [900, 560, 1.0],
      ]
    : [
        [560, 640, 1.9],
        [880, 540, 1.0],
      ]
  riders.forEach(([x, y, k], i) => {
    const look = sunset ? { shirt: '#2a2438', pants: '#2a2438', skin: '#2a2438', hair: '#2a2438' } : lookFor(r, { shirt: i === 0 ? '#e4572e' : '#f2a900' })
    s += `<ellipse cx="${x}" cy="${f(y + 4 * k)}" rx="${f(110 * k)}" ry="${f(10 * k)}" fill="${sunset ? '#2a2438' : '#f4f1e8'}"/>`
    s += `<ellipse cx="${x}" cy="${f(y + 12 * k)}" rx="${f(120 * k)}" ry="${f(6 * k)}" fill="#ffffff" opacity="0.25"/>`
    const p = person(x, y, k, look, { armB: 150, armF: 110, legB: -8, legF: 10, kneeF: -6, lean: 6 })
    s += p.svg
    s += `<line x1="${f(p.handB[0] - 10 * k)}" y1="${f(p.handB[1] - 10 * k)}" x2="${f(p.handF[0] + 40 * k)}" y2="${f(y + 20 * k)}" stroke="${sunset ? '#2a2438' : '#1d1d1d'}" stroke-width="${f(3.5 * k)}"/>`
    s += `<ellipse cx="${f(p.handF[0] + 42 * k)}" cy="${f(y + 24 * k)}" rx="${f(4 * k)}" ry="${f(12 * k)}" fill="${sunset ? '#2a2438' : '#1d1d1d'}" transform="rotate(-25 ${f(p.handF[0] + 42 * k)} ${f(y + 24 * k)})"/>`
  })
  return doc(defs, s)
}

/** Sunny crag with bolts and quickdraws: climber on the rope, belayer below. */
function crag(seed: number, kid: boolean): string {
  const r = rng(seed)
  const defs =
    alpineDefs(['#6aa7d6', '#d3e8f3']) +
    grad('farRock', ['#8497ac', '#b3c2d0']) +
    grad('midRock', ['#476e52', '#3a5f45']) +
    grad('wall', ['#d2c2a8', '#b29d82', '#8e7a62'], 'd') +
    grad('grass', ['#7fb257', '#4f8a3a'])
  let s = backdrop(r, { horizon: 560, far: 'url(#farRock)', mid: 'url(#midRock)', farY: 260, midY: 440, snowFar: 250, sun: [170, 110] })
  s += `<rect y="560" width="${W}" height="240" fill="url(#grass)"/>`
  const edgeL = jag([380, 820], [470, -10], 90, 5, r)
  const edgeR = jag([1080, -10], [1140, 820], 70, 5, r)
  s += `<polygon points="${poly([...edgeL, ...edgeR])}" fill="url(#wall)"/>`
  for (let i = 0; i < 14; i++) {
    const x = between(r, 480, 1060)
    const y = between(r, 20, 700)
    s += `<path d="M${f(x)} ${f(y)} l ${f(between(r, -30, 30))} ${f(between(r, 40, 120))}" stroke="#6e5c49" stroke-width="3" opacity="0.4" stroke-linecap="round"/>`
  }
  for (let i = 0; i < 26; i++) {
    s += `<ellipse cx="${f(between(r, 500, 1050))}" cy="${f(between(r, 30, 720))}" rx="${f(between(r, 6, 16))}" ry="${f(between(r, 4, 9))}" fill="#6e5c49" opacity="0.45"/>`
  }
  // route: bolts with quickdraws up to an anchor
  const route: Pt[] = [
    [760, 690],
    [780, 580],
    [770, 470],
    [800, 360],
    [790, 250],
    [820, 140],
    [810, 50],
  ]
  for (const [x, y] of route) {
    s += `<circle cx="${x}" cy="${y}" r="5" fill="#9aa0a6"/><rect x="${x - 3}" y="${y + 4}" width="6" height="22" rx="3" fill="${pick(r, ['#d7263d', '#2e86ab', '#3d9a5a'])}"/>`
  }
  // climber clipped at about two thirds of the route
  const cy = kid ? 360 : 300
  const k = kid ? 1.05 : 1.45
  const climber = person(812, cy + 48 * k, k, lookFor(r, { helmet: kid ? '#f2a900' : '#d7263d', shirt: kid ? '#9b5de5' : '#2e86ab', harness: '#f28c28' }), {
    armB: 160,
    armF: -165,
    legB: 20,
    legF: -35,
    kneeF: 55,
    kneeB: -20,
  })
  const belayer = person(640, 730, 1.5, lookFor(r, { helmet: '#f2f2f2', shirt: '#3d9a5a', harness: '#f28c28' }), { armB: 170, armF: 20, legB: -8, legF: 14 })
  const clipTop = route.find(([, y]) => y < cy)!
  s += `<path d="M${f(812)} ${f(cy + 48 * k - 48 * k)} L ${clipTop[0]} ${clipTop[1] + 26} L ${f(810)} 50 Q 720 ${f(380)} ${f(belayer.handF[0])} ${f(belayer.handF[1])}" stroke="#f2a900" stroke-width="3" fill="none"/>`
  s += climber.svg + belayer.svg
  if (kid) {
    // parent watching
    s += person(260, 740, 1.5, lookFor(r), { armB: 10, armF: 150, legB: -6, legF: 8 }).svg
  } else {
    s += person(250, 745, 1.5, lookFor(r, { helmet: '#f28c28', shirt: '#d7263d' }), { armB: -10, armF: 120, legB: -6, legF: 8 }).svg
  }
  for (let i = 0; i < 9; i++) {
    const x = i < 5 ? between(r, 0, 330) : between(r, 1120, 1200)
    s += pine(x, 600 + r() * 30, 100 + r() * 60, '#28503a')
  }
  s += `<path d="M0 760 Q 300 740 1200 770 L 1200 800 L 0 800Z" fill="#5a8f3c" opacity="0.7"/>`
  return doc(defs, s)
}

/** Team event on the lake shore: rafts on the beach, barbecue and a group. */
function teamEvent(seed: number): string {
  const r = rng(seed)
  const horizon = 420
  const defs =
    alpineDefs(['#6aa7d6', '#d7eaf4']) +
    grad('farRock', ['#7b8ea5', '#a7b8c8']) +
    grad('midRock', ['#2f5a45', '#3f6f52']) +
    grad('lake', ['#6cc9c9', '#2aa2ab']) +
    grad('beach', ['#d9c7a0', '#c2ab80']) +
    grad('grass', ['#86b95a', '#5b9443'])
  let s = backdrop(r, { horizon, far: 'url(#farRock)', mid: 'url(#midRock)', farY: 200, midY: 340, snowFar: 190, sun: [1040, 100] })
  s += `<rect y="${horizon}" width="${W}" height="120" fill="url(#lake)"/>`
  for (let i = 0; i < 20; i++) s += `<rect x="${f(r() * W)}" y="${f(horizon + 6 + r() * 100)}" width="${f(30 + r() * 100)}" height="2" fill="#ffffff" opacity="0.25"/>`
  s += `<path d="M0 530 Q 600 500 1200 540 L1200 800 L0 800Z" fill="url(#beach)"/>`
  s += `<path d="M0 640 Q 500 600 1200 650 L1200 800 L0 800Z" fill="url(#grass)"/>`
  // two rafts pulled up on the beach
  for (const [x, y] of [
    [230, 560],
    [420, 580],
  ] as Pt[]) {
    s += `<ellipse cx="${x + 6}" cy="${y + 30}" rx="120" ry="14" fill="#6b5a3c" opacity="0.35"/>`
    s += `<rect x="${x - 110}" y="${y - 10}" width="220" height="40" rx="20" fill="#d9442a"/><rect x="${x - 95}" y="${y - 4}" width="190" height="14" rx="7" fill="#2b2f36"/>`
    s += `<rect x="${x - 110}" y="${y + 12}" width="220" height="18" rx="9" fill="#b8321c"/>`
  }
  // paddles leaning
  s += `<line x1="560" y1="540" x2="600" y2="640" stroke="#1d1d1d" stroke-width="5"/><ellipse cx="602" cy="648" rx="8" ry="18" fill="#1d1d1d" transform="rotate(-20 602 648)"/>`
  // barbecue with smoke
  s += `<rect x="930" y="600" width="8" height="90" fill="#333" transform="rotate(10 934 600)"/><rect x="990" y="600" width="8" height="90" fill="#333" transform="rotate(-10 994 600)"/>`
  s += `<path d="M900 590 Q 964 660 1028 590Z" fill="#2b2b2b"/><rect x="895" y="584" width="138" height="8" rx="4" fill="#555"/>`
  for (let i = 0; i < 4; i++) s += `<rect x="${915 + i * 28}" y="576" width="22" height="9" rx="4" fill="#a8552c"/>`
  s += `<path d="M950 570 c -25 -30 25 -50 0 -85 s 25 -45 0 -80" stroke="#e6e6e6" stroke-width="14" fill="none" opacity="0.45" stroke-linecap="round"/>`
  s += `<path d="M985 570 c -20 -25 20 -45 0 -70" stroke="#e6e6e6" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round"/>`
  // picnic table
  s += `<rect x="560" y="660" width="260" height="16" rx="4" fill="#8a5a34"/><rect x="580" y="676" width="10" height="60" fill="#6e4526"/><rect x="790" y="676" width="10" height="60" fill="#6e4526"/>`
  s += `<circle cx="620" cy="652" r="10" fill="#f2f2f2"/><circle cx="700" cy="652" r="10" fill="#f2f2f2"/><rect x="740" y="636" width="14" height="22" rx="4" fill="#e9c46a"/>`
  // the group
  const people: Array<[number, number, Pose]> = [
    [500, 740, { armB: -20, armF: 150, legB: -6, legF: 8 }],
    [600, 760, STAND],
    [860, 750, { armB: 10, armF: 100, legB: -6, legF: 8 }],
    [1080, 735, { armB: -10, armF: 95, legB: -8, legF: 6 }],
    [700, 770, { armB: 160, armF: -160, legB: -10, legF: 10 }],
  ]
  for (const [x, y, pose] of people) s += person(x, y, 1.5, lookFor(r), pose).svg
  for (let i = 0; i < 6; i++) s += pine(between(r, 0, 160), 520 + r() * 20, 120 + r() * 60, '#28503a')
  return doc(defs, s)
}

// ---------------------------------------------------------------------------
// Atelier Saveurs & Argile scenes
// ---------------------------------------------------------------------------

/** Wooden table top seen from above: horizontal planks with grain. */
function woodTable(r: Rand, base: string, dark: string): string {
  let s = `<rect width="${W}" height="${H}" fill="${base}"/>`
  const plank = 160
  for (let i = 0; i < 5; i++) {
    const y = i * plank
    s += `<rect y="${y}" width="${W}" height="${plank}" fill="${dark}" opacity="${(r() * 0.12).toFixed(2)}"/>`
    for (let g = 0; g < 5; g++) {
      const gy = y + 18 + g * 28 + r() * 10
      s += `<path d="M0 ${f(gy)} C ${f(300 + r() * 100)} ${f(gy - 8 + r() * 16)} ${f(700 + r() * 100)} ${f(gy - 8 + r() * 16)} ${W} ${f(gy + r() * 6)}" stroke="${dark}" stroke-width="2" fill="none" opacity="0.18"/>`
    }
    s += `<rect y="${y - 2}" width="${W}" height="4" fill="${dark}" opacity="0.55"/>`
  }
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`
  return s
}

const tableDefs = (base: string) => grad('wood', [base, shade(base, 0.9)], 'd') + glow('light', '#fff6e6', 0.3, 0.25, 0.8, 0.45)

/** Cube of bread with crust. */
function breadCube(x: number, y: number, s: number, rot: number): string {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})"><rect x="${f(-s / 2)}" y="${f(-s / 2)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.18)}" fill="#b8742f"/><rect x="${f(-s / 2 + s * 0.12)}" y="${f(-s / 2 + s * 0.12)}" width="${f(s * 0.76)}" height="${f(s * 0.76)}" rx="${f(s * 0.14)}" fill="#f0d7a3"/></g>`
}

/** Fondue from above: caquelon with cheese, forks with bread, wine, bread basket. */
function fondueTop(seed: number): string {
  const r = rng(seed)
  const defs =
    tableDefs('#a8754c') +
    `<radialGradient id="cheese" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#fbe39a"/><stop offset="1" stop-color="#e8b94f"/></radialGradient>` +
    `<pattern id="check" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#fbf6ef"/><rect width="20" height="20" fill="#c0392b"/><rect x="20" y="20" width="20" height="20" fill="#c0392b"/><rect x="20" width="20" height="20" fill="#e48f86"/><rect y="20" width="20" height="20" fill="#e48f86"/></pattern>`
  let s = woodTable(r, '#a8754c', '#5e3b22')
  // checked napkin
  s += `<g transform="rotate(-8 260 620)">${shadow(260, 620, 170, 120)}<rect x="90" y="500" width="340" height="240" fill="url(#check)"/></g>`
  // caquelon
  const cx = 640
  const cy = 390
  s += shadow(cx, cy, 230, 230, 0.3)
  s += `<rect x="${cx + 180}" y="${cy - 26}" width="230" height="52" rx="26" fill="#8e2a1f" transform="rotate(-20 ${cx} ${cy})"/>`
  s += `<circle cx="${cx}" cy="${cy}" r="230" fill="#a93226"/><circle cx="${cx}" cy="${cy}" r="212" fill="#7f241b"/>`
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2
    s += `<circle cx="${f(cx + Math.cos(a) * 221)}" cy="${f(cy + Math.sin(a) * 221)}" r="4" fill="#f6e7d4"/>`
  }
  s += `<circle cx="${cx}" cy="${cy}" r="196" fill="url(#cheese)"/>`
  let spiral = `M${cx} ${cy}`
  for (let t = 0; t < 6 * Math.PI; t += 0.35) spiral += ` L${f(cx + Math.cos(t) * t * 9)} ${f(cy + Math.sin(t) * t * 9)}`
  s += `<path d="${spiral}" stroke="#e2a93c" stroke-width="6" fill="none" opacity="0.6" stroke-linecap="round"/>`
  s += `<ellipse cx="${cx - 60}" cy="${cy - 70}" rx="70" ry="24" fill="#fff4c8" opacity="0.5" transform="rotate(-30 ${cx - 60} ${cy - 70})"/>`
  // forks from all sides, bread dipped in the cheese
  const colors = ['#2e86ab', '#d7263d', '#3d9a5a', '#f2a900', '#9b5de5']
  for (let i = 0; i < 5; i++) {
    const a = rad(200 + i * 32 + r() * 10)
    const tip: Pt = [cx + Math.cos(a) * (80 + r() * 60), cy + Math.sin(a) * (80 + r() * 60)]
    const tail: Pt = [cx + Math.cos(a) * 470, cy + Math.sin(a) * 470]
    s += `<line x1="${f(tip[0])}" y1="${f(tip[1])}" x2="${f(tail[0])}" y2="${f(tail[1])}" stroke="#c8ccd0" stroke-width="6" stroke-linecap="round"/>`
    const hs: Pt = [cx + Math.cos(a) * 380, cy + Math.sin(a) * 380]
    s += `<line x1="${f(hs[0])}" y1="${f(hs[1])}" x2="${f(tail[0])}" y2="${f(tail[1])}" stroke="${colors[i]}" stroke-width="14" stroke-linecap="round"/>`
    s += breadCube(tip[0], tip[1], 40, r() * 90)
  }
  // bread basket
  s += shadow(1010, 620, 150, 120)
  s += `<ellipse cx="1010" cy="620" rx="160" ry="130" fill="#b98a4e"/><ellipse cx="1010" cy="620" rx="140" ry="112" fill="#9b6f3a"/>`
  for (let i = 0; i < 8; i++) s += `<ellipse cx="1010" cy="620" rx="${150 - i * 3}" ry="${121 - i * 2}" fill="none" stroke="#caa069" stroke-width="1.5" opacity="0.5"/>`
  for (let i = 0; i < 16; i++) s += breadCube(1010 + (r() - 0.5) * 200, 620 + (r() - 0.5) * 150, 46, r() * 90)
  // glasses of white wine
  for (const [x, y] of [
    [1060, 170],
    [200, 170],
  ] as Pt[]) {
    s += shadow(x, y, 70, 70, 0.15)
    s += `<circle cx="${x}" cy="${y}" r="70" fill="#f5f1e6" opacity="0.55"/><circle cx="${x}" cy="${y}" r="56" fill="#f1e3a6" opacity="0.8"/><circle cx="${x}" cy="${y}" r="70" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.8"/><path d="M${x - 40} ${y - 30} a 50 50 0 0 1 50 -28" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.8"/>`
  }
  return doc(defs, s)
}

/** Fondue side view: caquelon on a réchaud with a flame, in a wood-panelled room. */
function fondueSide(seed: number, hut: boolean): string {
  const r = rng(seed)
  const defs =
    grad('wall', hut ? ['#6b4428', '#4a2d1a'] : ['#e9cfae', '#d4ad85']) +
    grad('table', ['#a8754c', '#7a5030']) +
    grad('pot', ['#c0392b', '#8e2a1f'], 'h') +
    glow('warm', '#ffd27a', 0.5, 0.55, 0.6, hut ? 0.55 : 0.35)
  let s = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`
  for (let i = 0; i < 9; i++) s += `<rect x="${i * 140 - 10}" width="4" height="470" fill="#000" opacity="${hut ? 0.25 : 0.07}"/>`
  if (hut) {
    // window with snow and night
    s += `<rect x="120" y="80" width="260" height="220" fill="#233663"/><circle cx="300" cy="140" r="22" fill="#fdf6da"/><path d="M120 260 Q 250 220 380 250 L380 300 L120 300Z" fill="#e6ecf6"/>`
    s += `<path d="M250 80 v220 M120 190 h260" stroke="#4a2d1a" stroke-width="12"/><rect x="120" y="80" width="260" height="220" fill="none" stroke="#3a2212" stroke-width="16"/>`
  } else {
    s += `<rect x="900" y="90" width="200" height="14" rx="4" fill="#8a5a34"/><circle cx="950" cy="70" r="20" fill="#a34a2a"/><rect x="1000" y="40" width="40" height="50" rx="8" fill="#556034"/>`
  }
  s += `<rect width="${W}" height="${H}" fill="url(#warm)"/>`
  s += `<path d="M0 470 L1200 470 L1200 800 L0 800Z" fill="url(#table)"/><rect y="466" width="${W}" height="10" fill="#c48e60"/>`
  // réchaud
  s += `<ellipse cx="600" cy="700" rx="200" ry="26" fill="#3a2212" opacity="0.35" filter="url(#soft)"/>`
  s += `<path d="M460 690 L500 560 M740 690 L700 560 M600 700 L600 560" stroke="#2b2b2b" stroke-width="12" stroke-linecap="round"/>`
  s += `<rect x="470" y="548" width="260" height="18" rx="9" fill="#3a3a3a"/>`
  s += `<ellipse cx="600" cy="650" rx="40" ry="12" fill="#8a8a8a"/><path d="M600 640 C 580 610 595 590 600 570 C 606 590 622 610 600 640Z" fill="#f28c28"/><path d="M600 636 C 592 618 598 604 600 594 C 604 606 610 618 600 636Z" fill="#ffd27a"/>`
  // caquelon
  s += `<path d="M420 390 L780 390 Q 770 540 600 545 Q 430 540 420 390Z" fill="url(#pot)"/>`
  s += `<rect x="770" y="400" width="240" height="40" rx="20" fill="#8e2a1f" transform="rotate(-8 770 420)"/>`
  s += `<ellipse cx="600" cy="390" rx="182" ry="34" fill="#7f241b"/><ellipse cx="600" cy="392" rx="166" ry="26" fill="#f3cd6a"/>`
  for (let i = 0; i < 9; i++) s += `<circle cx="${f(450 + i * 38)}" cy="${f(450 + Math.sin(i) * 6)}" r="5" fill="#f6e7d4"/>`
  // steam
  for (let i = 0; i < 3; i++) s += `<path d="M${540 + i * 60} 360 c -20 -30 20 -50 0 -90 s 20 -50 0 -80" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.3" stroke-linecap="round"/>`
  // forks
  const colors = ['#2e86ab', '#3d9a5a', '#f2a900']
  colors.forEach((c, i) => {
    const x0 = 480 + i * 110
    const x1 = 330 + i * 260
    s += `<line x1="${x0}" y1="380" x2="${x1}" y2="90" stroke="#c8ccd0" stroke-width="6" stroke-linecap="round"/>`
    s += `<line x1="${f(x0 + (x1 - x0) * 0.7)}" y1="${f(380 - 290 * 0.7)}" x2="${x1}" y2="90" stroke="${c}" stroke-width="14" stroke-linecap="round"/>`
  })
  s += breadCube(490, 372, 34, 12)
  // bread and glasses on the table
  for (let i = 0; i < 8; i++) s += breadCube(160 + r() * 150, 620 + r() * 80, 40, r() * 90)
  s += `<path d="M930 520 L1010 520 L1000 600 Q 970 612 940 600Z" fill="#f1e3a6" opacity="0.85"/><path d="M930 520 L1010 520" stroke="#ffffff" stroke-width="3"/><rect x="966" y="606" width="8" height="60" fill="#e8e4da"/><ellipse cx="970" cy="668" rx="34" ry="8" fill="#e8e4da"/>`
  return doc(defs, s)
}

/** Cuchaule (saffron brioche) with moutarde de Bénichon and spices. */
function cuchaule(seed: number): string {
  const r = rng(seed)
  const defs = tableDefs('#b7865a') + grad('crust', ['#e0a43a', '#b9651c'], 'd') + grad('jar', ['#e8eef0', '#c9d3d6'], 'd')
  let s = woodTable(r, '#b7865a', '#6a4527')
  // linen
  s += `<g transform="rotate(6 520 420)">${shadow(520, 420, 360, 240, 0.18)}<rect x="150" y="170" width="740" height="500" rx="10" fill="#f3ebdd"/><path d="M150 200 h740 M150 640 h740" stroke="#a34a2a" stroke-width="6" opacity="0.5"/></g>`
  // braided loaf (round cuchaule with a cross-hatch and slices)
  s += shadow(470, 400, 230, 200, 0.3)
  s += `<circle cx="470" cy="400" r="230" fill="url(#crust)"/>`
  for (let i = 0; i < 5; i++) {
    s += `<path d="M${300 + i * 70} 230 Q ${330 + i * 70} 400 ${290 + i * 70} 575" stroke="#9c5416" stroke-width="5" fill="none" opacity="0.5"/>`
    s += `<path d="M290 ${250 + i * 70} Q 470 ${280 + i * 70} 650 ${240 + i * 70}" stroke="#9c5416" stroke-width="4" fill="none" opacity="0.3"/>`
  }
  s += `<ellipse cx="400" cy="320" rx="110" ry="50" fill="#ffe29a" opacity="0.35" transform="rotate(-30 400 320)"/>`
  // slices
  for (let i = 0; i < 3; i++) {
    const x = 760 + i * 40
    const y = 520 + i * 22
    s += shadow(x, y, 110, 70, 0.2)
    s += `<path d="M${x - 120} ${y} A 120 80 0 0 1 ${x + 120} ${y} Z" fill="#b9651c" transform="rotate(${-10 + i * 6} ${x} ${y})"/>`
    s += `<path d="M${x - 110} ${y - 4} A 110 70 0 0 1 ${x + 110} ${y - 4} Z" fill="#f5c94a" transform="rotate(${-10 + i * 6} ${x} ${y})"/>`
  }
  // jar of moutarde de Bénichon with spoon
  s += shadow(960, 220, 110, 110)
  s += `<circle cx="960" cy="220" r="110" fill="url(#jar)"/><circle cx="960" cy="220" r="92" fill="#7a4a1e"/><circle cx="940" cy="200" r="40" fill="#9a6330" opacity="0.6"/>`
  s += `<path d="M960 220 L1140 60" stroke="#c99261" stroke-width="16" stroke-linecap="round"/><ellipse cx="975" cy="206" rx="30" ry="20" fill="#c99261" transform="rotate(-42 975 206)"/>`
  // spices: cinnamon sticks, star anise, cloves
  for (let i = 0; i < 3; i++) {
    const y = 700 + i * 20
    s += `<rect x="${820 + i * 10}" y="${y}" width="200" height="18" rx="9" fill="#8a4b25" transform="rotate(${-8 + i * 5} 920 ${y})"/><rect x="${830 + i * 10}" y="${y + 4}" width="180" height="4" rx="2" fill="#b06a3a" transform="rotate(${-8 + i * 5} 920 ${y})"/>`
  }
  for (const [x, y] of [
    [1100, 420],
    [150, 720],
    [1080, 600],
  ] as Pt[]) {
    let star = ''
    for (let k = 0; k < 16; k++) {
      const a = (k / 16) * Math.PI * 2
      const rr = k % 2 === 0 ? 34 : 12
      star += `${f(x + Math.cos(a) * rr)},${f(y + Math.sin(a) * rr)} `
    }
    s += `<polygon points="${star}" fill="#6b3a1e"/><circle cx="${x}" cy="${y}" r="6" fill="#3e200f"/>`
  }
  for (let i = 0; i < 12; i++) s += `<circle cx="${f(60 + r() * 140)}" cy="${f(560 + r() * 120)}" r="5" fill="#3e200f"/>`
  return doc(defs, s)
}

/** Swirled meringue seen from above. */
function meringue(x: number, y: number, s: number, r: Rand): string {
  let out = shadow(x, y, 60 * s, 56 * s, 0.18) + `<circle cx="${f(x)}" cy="${f(y)}" r="${f(62 * s)}" fill="#f4ead8"/>`
  let d = ''
  for (let t = 0; t < 5 * Math.PI; t += 0.3) {
    const rr = 58 * s * (1 - t / (5 * Math.PI))
    d += `${d ? ' L' : 'M'}${f(x + Math.cos(t + r()) * rr)} ${f(y + Math.sin(t) * rr)}`
  }
  out += `<path d="${d}" stroke="#e2d2b6" stroke-width="${f(5 * s)}" fill="none" stroke-linejoin="round"/>`
  out += `<circle cx="${f(x - 14 * s)}" cy="${f(y - 16 * s)}" r="${f(16 * s)}" fill="#fffdf7" opacity="0.8"/>`
  return out
}

function raspberry(x: number, y: number, s: number): string {
  let out = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(18 * s)}" fill="#c2183f"/>`
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2
    out += `<circle cx="${f(x + Math.cos(a) * 10 * s)}" cy="${f(y + Math.sin(a) * 10 * s)}" r="${f(6 * s)}" fill="#e0335c"/>`
  }
  return out + `<circle cx="${f(x)}" cy="${f(y)}" r="${f(5 * s)}" fill="#8e0f2c"/>`
}

/** Gruyère meringues with double cream and raspberries. */
function meringues(seed: number): string {
  const r = rng(seed)
  const defs = tableDefs('#c49a6c') + `<radialGradient id="cream" cx="0.4" cy="0.4" r="0.7"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#f3e3bd"/></radialGradient>`
  let s = woodTable(r, '#c49a6c', '#74502f')
  // plate with meringues
  s += shadow(420, 410, 300, 300, 0.25)
  s += `<circle cx="420" cy="410" r="310" fill="#f7f3ec"/><circle cx="420" cy="410" r="250" fill="#efe8dc"/><circle cx="420" cy="410" r="310" fill="none" stroke="#2e5f8a" stroke-width="8" opacity="0.6"/>`
  const spots: Pt[] = [
    [330, 320],
    [500, 300],
    [560, 450],
    [400, 500],
    [270, 450],
    [430, 400],
  ]
  for (const [x, y] of spots) s += meringue(x + (r() - 0.5) * 10, y + (r() - 0.5) * 10, 0.9 + r() * 0.2, r)
  // bowl of double crème de la Gruyère with a wooden ladle
  s += shadow(900, 260, 180, 180, 0.25)
  s += `<circle cx="900" cy="260" r="190" fill="#2e5f8a"/><circle cx="900" cy="260" r="168" fill="url(#cream)"/>`
  s += `<path d="M820 240 q 60 -50 140 -10 q -50 50 -120 30" fill="#ffffff" opacity="0.6"/>`
  s += `<ellipse cx="930" cy="290" rx="60" ry="44" fill="#c98f56"/><path d="M980 310 L1180 430" stroke="#c98f56" stroke-width="22" stroke-linecap="round"/><ellipse cx="930" cy="290" rx="46" ry="32" fill="#f7edd5"/>`
  // raspberries and mint
  s += shadow(930, 620, 150, 120)
  s += `<circle cx="930" cy="620" r="140" fill="#f7f3ec"/><circle cx="930" cy="620" r="140" fill="none" stroke="#2e5f8a" stroke-width="6" opacity="0.6"/>`
  for (let i = 0; i < 18; i++) {
    const a = r() * Math.PI * 2
    const d = Math.sqrt(r()) * 95
    s += raspberry(930 + Math.cos(a) * d, 620 + Math.sin(a) * d, 1.1)
  }
  for (const [x, y, a] of [
    [860, 560, -30],
    [1000, 690, 40],
  ] as Array<[number, number, number]>) {
    s += `<ellipse cx="${x}" cy="${y}" rx="30" ry="14" fill="#4f8a3a" transform="rotate(${a} ${x} ${y})"/><line x1="${x - 26}" y1="${y}" x2="${x + 26}" y2="${y}" stroke="#3a6b2a" stroke-width="2" transform="rotate(${a} ${x} ${y})"/>`
  }
  for (let i = 0; i < 6; i++) s += raspberry(100 + r() * 140, 700 + r() * 70, 1)
  return doc(defs, s)
}

/** Pottery wheel from above with a bowl being thrown, tools, water and sponge. */
function wheelTop(seed: number, porcelain: boolean): string {
  const r = rng(seed)
  const clay = porcelain ? ['#f1ede6', '#d8d0c4', '#bdb2a4'] : ['#c8805a', '#a8613f', '#8a4a2e']
  const defs = tableDefs('#8f8a84') + grad('clay', clay, 'd') + grad('metal', ['#a9adb2', '#6e7378'], 'd')
  let s = `<rect width="${W}" height="${H}" fill="#9a948c"/>`
  for (let i = 0; i < 80; i++) {
    s += `<circle cx="${f(r() * W)}" cy="${f(r() * H)}" r="${f(2 + r() * 9)}" fill="${clay[1]}" opacity="${(0.25 + r() * 0.3).toFixed(2)}"/>`
  }
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`
  // wheel tray and head
  const cx = 520
  const cy = 400
  s += shadow(cx, cy, 360, 360, 0.3)
  s += `<circle cx="${cx}" cy="${cy}" r="370" fill="#3d4247"/><circle cx="${cx}" cy="${cy}" r="340" fill="#565c62"/>`
  s += `<circle cx="${cx}" cy="${cy}" r="250" fill="url(#metal)"/>`
  for (let i = 1; i < 5; i++) s += `<circle cx="${cx}" cy="${cy}" r="${250 - i * 12}" fill="none" stroke="#ffffff" stroke-width="1.5" opacity="0.25"/>`
  // bowl being thrown: concentric rings and a wet spiral
  s += `<circle cx="${cx}" cy="${cy}" r="190" fill="url(#clay)"/><circle cx="${cx}" cy="${cy}" r="172" fill="${clay[2]}"/><circle cx="${cx}" cy="${cy}" r="150" fill="${clay[1]}"/>`
  let d = ''
  for (let t = 0; t < 9 * Math.PI; t += 0.25) {
    const rr = 6 + t * 5
    d += `${d ? ' L' : 'M'}${f(cx + Math.cos(t) * rr)} ${f(cy + Math.sin(t) * rr)}`
  }
  s += `<path d="${d}" stroke="${clay[0]}" stroke-width="4" fill="none" opacity="0.7"/>`
  s += `<path d="M${cx - 120} ${cy - 100} a 160 160 0 0 1 180 -40" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.35" stroke-linecap="round"/>`
  // wooden rib resting on the rim
  s += `<path d="M${cx + 120} ${cy + 110} q 60 -10 120 30 q -70 20 -120 -30Z" fill="#c99261"/>`
  // water bowl, sponge, tools
  s += shadow(1010, 200, 120, 120)
  s += `<circle cx="1010" cy="200" r="120" fill="#3d6b8a"/><circle cx="1010" cy="200" r="102" fill="${clay[1]}" opacity="0.55"/><circle cx="1010" cy="200" r="102" fill="#a9c9d6" opacity="0.35"/>`
  s += `<rect x="940" y="420" width="140" height="90" rx="30" fill="#f2c12e" transform="rotate(12 1010 465)"/>`
  for (let i = 0; i < 10; i++) s += `<circle cx="${f(960 + r() * 100)}" cy="${f(430 + r() * 70)}" r="4" fill="#c99a14"/>`
  s += `<path d="M920 620 L1160 690" stroke="#c99261" stroke-width="20" stroke-linecap="round"/><path d="M1140 684 l40 12" stroke="#777" stroke-width="8" stroke-linecap="round"/>`
  s += `<path d="M960 720 q 80 -40 180 0 q -90 30 -180 0Z" fill="#b9865a"/>`
  s += `<line x1="900" y1="560" x2="1180" y2="560" stroke="#5a5a5a" stroke-width="2"/><rect x="880" y="552" width="24" height="16" rx="6" fill="#8a5a34"/><rect x="1176" y="552" width="24" height="16" rx="6" fill="#8a5a34"/>`
  return doc(defs, s)
}

/** Side view: wooden shelves with freshly glazed pottery. */
function potteryShelf(seed: number): string {
  const r = rng(seed)
  const defs = grad('wall', ['#efe2cf', '#dcc6a8']) + glow('light', '#fff6e6', 0.25, 0.2, 0.8, 0.6)
  let s = `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect width="${W}" height="${H}" fill="url(#light)"/>`
  const glazes = ['#a34a2a', '#556034', '#2e5f8a', '#d9a441', '#e8e0d2', '#7a9a8c', '#c8805a']
  const shelves = [250, 510, 770]
  for (const y of shelves) {
    let x = 70 + r() * 40
    while (x < 1110) {
      const w = between(r, 70, 150)
      const h = between(r, 70, 190)
      const kind = Math.floor(r() * 4)
      const c = pick(r, glazes)
      const cxp = x + w / 2
      let path: string
      if (kind === 0) path = `M${x} ${y} L${x + w} ${y} L${x + w * 0.95} ${y - h} L${x + w * 0.05} ${y - h}Z` // cup
      else if (kind === 1) path = `M${x + w * 0.2} ${y} C ${x - w * 0.2} ${y - h * 0.5} ${x + w * 0.1} ${y - h * 0.85} ${x + w * 0.35} ${y - h} L${x + w * 0.65} ${y - h} C ${x + w * 0.9} ${y - h * 0.85} ${x + w * 1.2} ${y - h * 0.5} ${x + w * 0.8} ${y}Z` // vase
      else if (kind === 2) path = `M${x} ${y - h * 0.45} Q ${cxp} ${y + h * 0.12} ${x + w} ${y - h * 0.45}Z` // bowl
      else path = `M${x + w * 0.1} ${y} C ${x - w * 0.15} ${y - h * 0.7} ${x + w * 0.3} ${y - h * 0.7} ${x + w * 0.38} ${y - h} L${x + w * 0.62} ${y - h} C ${x + w * 0.7} ${y - h * 0.7} ${x + w * 1.15} ${y - h * 0.7} ${x + w * 0.9} ${y}Z` // bottle
      s += `<path d="${path}" fill="${c}"/>`
      s += `<path d="${path}" fill="#ffffff" opacity="0.08" transform="translate(${f(-w * 0.1)} 0)"/>`
      s += `<rect x="${f(x + w * 0.18)}" y="${f(y - h * (kind === 2 ? 0.4 : 0.85))}" width="${f(w * 0.1)}" height="${f(h * (kind === 2 ? 0.25 : 0.6))}" rx="4" fill="#ffffff" opacity="0.22"/>`
      if (r() < 0.5) s += `<path d="M${f(x + w * 0.05)} ${f(y - h * 0.3)} h${f(w * 0.9)}" stroke="${shade(c, 0.7)}" stroke-width="5" opacity="0.7"/>`
      x += w + between(r, 20, 50)
    }
    s += `<rect x="40" y="${y}" width="1120" height="22" fill="#8a5a34"/><rect x="40" y="${y + 22}" width="1120" height="8" fill="#5e3b22" opacity="0.6"/>`
    s += `<rect x="40" y="${y + 30}" width="1120" height="30" fill="#5e3b22" opacity="0.12" filter="url(#soft)"/>`
  }
  return doc(defs, s)
}

/** Children's baking: cookie cutters, star and heart biscuits, rolling pin. */
function cookies(seed: number): string {
  const r = rng(seed)
  const defs = tableDefs('#c9a27a') + grad('dough', ['#f3dcb2', '#e6c48e'], 'd')
  let s = woodTable(r, '#c9a27a', '#7a5432')
  const star = (x: number, y: number, rr: number, rot: number) => {
    const pts: Pt[] = []
    for (let k = 0; k < 10; k++) {
      const a = rad(rot + k * 36 - 90)
      const d = k % 2 === 0 ? rr : rr * 0.48
      pts.push([x + Math.cos(a) * d, y + Math.sin(a) * d])
    }
    return poly(pts)
  }
  const heart = (x: number, y: number, k: number) =>
    `M${f(x)} ${f(y + 30 * k)} C ${f(x - 60 * k)} ${f(y - 10 * k)} ${f(x - 30 * k)} ${f(y - 50 * k)} ${f(x)} ${f(y - 22 * k)} C ${f(x + 30 * k)} ${f(y - 50 * k)} ${f(x + 60 * k)} ${f(y - 10 * k)} ${f(x)} ${f(y + 30 * k)}Z`
  // rolled dough with cut-outs
  s += shadow(430, 400, 330, 230, 0.2)
  s += `<path d="M120 230 Q 430 150 760 220 Q 820 420 740 600 Q 430 660 130 590 Q 70 410 120 230Z" fill="url(#dough)"/>`
  s += `<polygon points="${star(300, 330, 70, 10)}" fill="#c9a27a" opacity="0.6"/><path d="${heart(520, 460, 1.3)}" fill="#c9a27a" opacity="0.6"/>`
  // flour dust
  for (let i = 0; i < 120; i++) s += `<circle cx="${f(80 + r() * 800)}" cy="${f(150 + r() * 520)}" r="${f(1 + r() * 2.5)}" fill="#ffffff" opacity="${(0.3 + r() * 0.4).toFixed(2)}"/>`
  // rolling pin
  s += `<g transform="rotate(-14 520 700)">${shadow(520, 700, 300, 40)}<rect x="260" y="672" width="520" height="60" rx="28" fill="#e2b889"/><rect x="180" y="688" width="90" height="28" rx="14" fill="#b07a48"/><rect x="770" y="688" width="90" height="28" rx="14" fill="#b07a48"/></g>`
  // baked biscuits with icing and sprinkles
  const icing = ['#f6a5c0', '#ffffff', '#9fd3f0', '#f9d56e']
  const spots: Pt[] = [
    [930, 170],
    [1080, 240],
    [900, 360],
    [1060, 430],
    [940, 560],
    [1090, 650],
  ]
  spots.forEach(([x, y], i) => {
    s += shadow(x, y, 60, 60, 0.2)
    if (i % 2 === 0) {
      s += `<polygon points="${star(x, y, 72, r() * 30)}" fill="#d99a4e"/><polygon points="${star(x, y, 56, r() * 30)}" fill="${icing[i % 4]}"/>`
    } else {
      s += `<path d="${heart(x, y, 1.4)}" fill="#d99a4e"/><path d="${heart(x, y + 3, 1.1)}" fill="${icing[i % 4]}"/>`
    }
    for (let k = 0; k < 8; k++) s += `<rect x="${f(x - 25 + r() * 50)}" y="${f(y - 25 + r() * 50)}" width="10" height="4" rx="2" fill="${pick(r, ['#d7263d', '#3d9a5a', '#2e86ab', '#f2a900'])}" transform="rotate(${f(r() * 180)} ${f(x)} ${f(y)})"/>`
  })
  // metal cutters
  s += `<polygon points="${star(150, 700, 60, 0)}" fill="none" stroke="#b5bcc2" stroke-width="8" stroke-linejoin="round"/>`
  s += `<path d="${heart(760, 110, 1.1)}" fill="none" stroke="#b5bcc2" stroke-width="8"/>`
  return doc(defs, s)
}

/** Family pottery painting: bisque bowls and plates with colourful motifs, brushes and a palette. */
function paintedPottery(seed: number): string {
  const r = rng(seed)
  const defs = tableDefs('#d7c4a6')
  let s = `<rect width="${W}" height="${H}" fill="#e8dcc6"/>`
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`
  for (let i = 0; i < 30; i++) s += `<circle cx="${f(r() * W)}" cy="${f(r() * H)}" r="${f(2 + r() * 6)}" fill="${pick(r, ['#2e86ab', '#d7263d', '#f2a900', '#3d9a5a'])}" opacity="0.25"/>`
  const paints = ['#2e5f8a', '#a34a2a', '#d9a441', '#556034', '#d7263d', '#7a9a8c']
  const items: Array<[number, number, number]> = [
    [300, 280, 200],
    [700, 230, 150],
    [1000, 330, 140],
    [560, 560, 170],
    [230, 640, 120],
    [930, 630, 120],
  ]
  items.forEach(([x, y, rr], i) => {
    s += shadow(x, y, rr, rr, 0.22)
    s += `<circle cx="${x}" cy="${y}" r="${rr}" fill="#f7f1e6"/><circle cx="${x}" cy="${y}" r="${rr * 0.78}" fill="#efe6d6"/>`
    const c1 = paints[i % paints.length]!
    const c2 = paints[(i + 2) % paints.length]!
    const motif = i % 3
    if (motif === 0) {
      for (let k = 0; k < 12; k++) {
        const a = (k / 12) * Math.PI * 2
        s += `<circle cx="${f(x + Math.cos(a) * rr * 0.88)}" cy="${f(y + Math.sin(a) * rr * 0.88)}" r="${f(rr * 0.06)}" fill="${c1}"/>`
      }
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2
        s += `<ellipse cx="${f(x + Math.cos(a) * rr * 0.25)}" cy="${f(y + Math.sin(a) * rr * 0.25)}" rx="${f(rr * 0.22)}" ry="${f(rr * 0.1)}" fill="${c2}" transform="rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * rr * 0.25)} ${f(y + Math.sin(a) * rr * 0.25)})"/>`
      }
      s += `<circle cx="${x}" cy="${y}" r="${f(rr * 0.1)}" fill="#d9a441"/>`
    } else if (motif === 1) {
      for (let k = 0; k < 3; k++) s += `<circle cx="${x}" cy="${y}" r="${f(rr * (0.9 - k * 0.22))}" fill="none" stroke="${k % 2 ? c2 : c1}" stroke-width="${f(rr * 0.07)}"/>`
    } else {
      s += `<path d="M${f(x - rr * 0.6)} ${f(y + rr * 0.2)} q ${f(rr * 0.3)} ${f(-rr * 0.5)} ${f(rr * 0.6)} 0 t ${f(rr * 0.6)} 0" stroke="${c1}" stroke-width="${f(rr * 0.09)}" fill="none" stroke-linecap="round"/>`
      s += `<circle cx="${f(x + rr * 0.35)}" cy="${f(y - rr * 0.35)}" r="${f(rr * 0.15)}" fill="${c2}"/>`
    }
  })
  // palette and brushes
  s += shadow(760, 420, 120, 60, 0.2)
  s += `<ellipse cx="760" cy="420" rx="130" ry="66" fill="#ffffff"/>`
  paints.forEach((c, i) => (s += `<circle cx="${f(680 + (i % 3) * 70)}" cy="${f(395 + Math.floor(i / 3) * 48)}" r="20" fill="${c}"/>`))
  for (let i = 0; i < 3; i++) {
    const y = 720 + i * 22
    s += `<g transform="rotate(${-6 + i * 4} 600 ${y})"><rect x="420" y="${y}" width="300" height="10" rx="5" fill="${pick(r, ['#a34a2a', '#2e5f8a', '#556034'])}"/><rect x="710" y="${y - 1}" width="24" height="12" fill="#c0c4c8"/><path d="M734 ${y - 2} q 30 7 0 14Z" fill="${paints[i]}"/></g>`
  }
  return doc(defs, s)
}

/** Rows of pastel macarons with a piping bag. */
function macarons(seed: number): string {
  const r = rng(seed)
  const defs = grad('marble', ['#f4f1ee', '#e3ddd7'], 'd') + glow('light', '#ffffff', 0.3, 0.25, 0.8, 0.5)
  let s = `<rect width="${W}" height="${H}" fill="url(#marble)"/>`
  for (let i = 0; i < 7; i++) s += `<path d="M${f(r() * W)} 0 C ${f(r() * W)} 300 ${f(r() * W)} 500 ${f(r() * W)} 800" stroke="#b9b0a8" stroke-width="${f(1 + r() * 2)}" fill="none" opacity="0.35"/>`
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`
  const colours: Array<[string, string]> = [
    ['#f4b6c2', '#e58fa1'],
    ['#c9e4b4', '#9cc77f'],
    ['#f9e2a6', '#e9c46a'],
    ['#cdb8e6', '#a88ccf'],
    ['#a9d6e5', '#78b6cc'],
    ['#d9a27a', '#b87b52'],
  ]
  // tray with rows
  s += shadow(470, 420, 380, 300, 0.2)
  s += `<rect x="90" y="120" width="760" height="600" rx="24" fill="#ffffff"/><rect x="110" y="140" width="720" height="560" rx="16" fill="#f7f3ee"/>`
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 5; col++) {
      const [c, d] = colours[(row * 2 + col) % colours.length]!
      const x = 190 + col * 140 + (row % 2) * 10
      const y = 210 + row * 140
      s += `<circle cx="${x + 4}" cy="${y + 6}" r="58" fill="#000" opacity="0.08"/>`
      s += `<circle cx="${x}" cy="${y}" r="58" fill="${d}"/><circle cx="${x}" cy="${y}" r="50" fill="${c}"/>`
      s += `<ellipse cx="${x - 16}" cy="${y - 18}" rx="20" ry="12" fill="#ffffff" opacity="0.35"/>`
    }
  }
  // piping bag
  s += `<g transform="rotate(30 1010 360)">${shadow(1010, 360, 90, 200, 0.18)}<path d="M940 140 L1080 140 L1030 560 L990 560Z" fill="#f5f0ea"/><path d="M950 200 L1070 200 L1040 480 L980 480Z" fill="#f4b6c2" opacity="0.7"/><rect x="988" y="556" width="44" height="40" rx="6" fill="#b5bcc2"/><path d="M930 140 L1090 140" stroke="#d8cfc4" stroke-width="10" stroke-linecap="round"/></g>`
  // loose shells
  for (const [x, y, i] of [
    [960, 660, 0],
    [1100, 700, 3],
  ] as Array<[number, number, number]>) {
    const [c, d] = colours[i]!
    s += `<circle cx="${x}" cy="${y}" r="50" fill="${d}"/><circle cx="${x}" cy="${y}" r="43" fill="${c}"/>`
  }
  return doc(defs, s)
}

/** Cutting board with seasonal vegetables, knife and a stock pot. */
function choppingBoard(seed: number): string {
  const r = rng(seed)
  const defs = tableDefs('#6e5b4a') + grad('board', ['#e0b07a', '#c99261'], 'd') + grad('steel', ['#d9dde1', '#9aa1a8'], 'd')
  let s = woodTable(r, '#6e5b4a', '#3a2c20')
  s += shadow(520, 420, 380, 260, 0.3)
  s += `<rect x="140" y="160" width="760" height="520" rx="40" fill="url(#board)"/><circle cx="860" cy="210" r="20" fill="#6e5b4a"/>`
  for (let i = 0; i < 6; i++) s += `<path d="M160 ${200 + i * 80} q 360 ${f(-10 + r() * 20)} 720 0" stroke="#b07a48" stroke-width="2" fill="none" opacity="0.35"/>`
  // carrot slices and carrots
  for (let i = 0; i < 14; i++) {
    const x = 260 + (i % 5) * 44 + r() * 10
    const y = 250 + Math.floor(i / 5) * 44 + r() * 10
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="19" fill="#e8742a"/><circle cx="${f(x)}" cy="${f(y)}" r="9" fill="#f39a4f"/>`
  }
  s += `<path d="M560 240 L800 300 L560 290Z" fill="#e8742a"/><path d="M560 240 l -40 -30 M560 265 l -50 -5 M560 285 l -40 25" stroke="#4f8a3a" stroke-width="8" stroke-linecap="round"/>`
  // onion halves
  for (const [x, y] of [
    [330, 520],
    [470, 540],
  ] as Pt[]) {
    s += `<circle cx="${x}" cy="${y}" r="62" fill="#c9873e"/>`
    for (let k = 0; k < 5; k++) s += `<circle cx="${x}" cy="${y}" r="${56 - k * 11}" fill="${k % 2 ? '#f3e6f0' : '#e7cfe0'}"/>`
  }
  // herbs
  for (let i = 0; i < 12; i++) {
    const x = 620 + r() * 200
    const y = 430 + r() * 180
    const a = r() * 180
    s += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="24" ry="11" fill="${pick(r, ['#4f8a3a', '#3d7a30', '#6aa84f'])}" transform="rotate(${f(a)} ${f(x)} ${f(y)})"/>`
  }
  // chef's knife
  s += `<g transform="rotate(-18 650 720)"><path d="M420 700 L760 690 Q 780 705 760 730 L420 726Z" fill="url(#steel)"/><rect x="760" y="694" width="170" height="36" rx="12" fill="#2b2b2b"/><circle cx="800" cy="712" r="4" fill="#c0c4c8"/><circle cx="860" cy="712" r="4" fill="#c0c4c8"/></g>`
  // pot
  s += shadow(1060, 250, 150, 150, 0.3)
  s += `<circle cx="1060" cy="250" r="150" fill="url(#steel)"/><circle cx="1060" cy="250" r="130" fill="#c98a3a"/><circle cx="1060" cy="250" r="130" fill="none" stroke="#7d858c" stroke-width="6"/>`
  for (let i = 0; i < 16; i++) s += `<circle cx="${f(1060 + (r() - 0.5) * 200)}" cy="${f(250 + (r() - 0.5) * 200)}" r="${f(6 + r() * 8)}" fill="${pick(r, ['#e8742a', '#6aa84f', '#f3e6c0'])}" opacity="0.9"/>`
  s += `<rect x="1200" y="230" width="10" height="40" fill="#2b2b2b"/><rect x="880" y="232" width="40" height="36" rx="10" fill="#2b2b2b"/>`
  // salt and pepper
  s += `<circle cx="1080" cy="620" r="40" fill="#f2f2f2"/><circle cx="1080" cy="620" r="14" fill="#d8d8d8"/><circle cx="1160" cy="700" r="36" fill="#3a2c20"/><circle cx="1160" cy="700" r="12" fill="#5a4632"/>`
  return doc(defs, s)
}

/** Long table set for a team dinner, seen from above. */
function banquet(seed: number): string {
  const r = rng(seed)
  const defs = tableDefs('#7a5a3f') + grad('cloth', ['#fbf6ef', '#efe4d4'])
  let s = `<rect width="${W}" height="${H}" fill="#c8b49a"/>`
  for (let i = 0; i < 12; i++) s += `<rect x="${i * 100}" width="100" height="${H}" fill="#000" opacity="${(r() * 0.05).toFixed(3)}"/><rect x="${i * 100}" width="2" height="${H}" fill="#7a5a3f" opacity="0.3"/>`
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`
  // table
  s += shadow(600, 400, 560, 230, 0.3)
  s += `<rect x="40" y="170" width="1120" height="460" rx="16" fill="#8a5a34"/><rect x="60" y="190" width="1080" height="420" rx="10" fill="url(#cloth)"/>`
  s += `<rect x="60" y="370" width="1080" height="60" fill="#a34a2a" opacity="0.85"/>`
  // place settings, four per side
  for (let i = 0; i < 5; i++) {
    for (const top of [true, false]) {
      const x = 170 + i * 215
      const y = top ? 270 : 530
      s += `<circle cx="${x}" cy="${y}" r="62" fill="#ffffff"/><circle cx="${x}" cy="${y}" r="46" fill="#f3ede3"/><circle cx="${x}" cy="${y}" r="62" fill="none" stroke="#d9a441" stroke-width="3"/>`
      // food on plate
      s += `<circle cx="${x - 10}" cy="${y - 6}" r="18" fill="${pick(r, ['#c98a3a', '#e8742a', '#a34a2a'])}"/><ellipse cx="${x + 14}" cy="${y + 10}" rx="16" ry="10" fill="#556034"/>`
      s += `<rect x="${x - 88}" y="${y - 40}" width="8" height="80" rx="4" fill="#b5bcc2"/><rect x="${x + 80}" y="${y - 40}" width="8" height="80" rx="4" fill="#b5bcc2"/>`
      const gy = top ? y + 75 : y - 75
      s += `<circle cx="${x + 70}" cy="${gy}" r="20" fill="#a81d3a" opacity="0.8"/><circle cx="${x + 70}" cy="${gy}" r="24" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.8"/>`
    }
  }
  // shared dishes in the middle
  for (let i = 0; i < 4; i++) {
    const x = 270 + i * 220
    s += `<ellipse cx="${x}" cy="400" rx="70" ry="44" fill="#f7f1e6"/><ellipse cx="${x}" cy="400" rx="54" ry="32" fill="${pick(r, ['#d9a441', '#6aa84f', '#e8742a', '#c98a3a'])}"/>`
    for (let k = 0; k < 5; k++) s += `<circle cx="${f(x - 30 + r() * 60)}" cy="${f(390 + r() * 20)}" r="6" fill="#ffffff" opacity="0.5"/>`
  }
  // candles
  for (const x of [160, 1040]) s += `<circle cx="${x}" cy="400" r="22" fill="#f4efe4"/><circle cx="${x}" cy="400" r="6" fill="#f28c28"/>`
  // chairs
  for (let i = 0; i < 5; i++) {
    const x = 130 + i * 215
    s += `<rect x="${x}" y="100" width="80" height="60" rx="12" fill="#6e4526"/><rect x="${x}" y="640" width="80" height="60" rx="12" fill="#6e4526"/>`
  }
  return doc(defs, s)
}

// ---------------------------------------------------------------------------
// Jobs: <offer slug>-<n>.jpg
// ---------------------------------------------------------------------------

const jobs: Array<{ file: string; svg: string }> = [
  // Alpin Abenteuer
  { file: 'canyoning-grimsel-1.jpg', svg: gorge(101, 'abseil') },
  { file: 'canyoning-grimsel-2.jpg', svg: gorge(102, 'jump') },
  { file: 'rafting-luetschine-1.jpg', svg: rafting(111, false) },
  { file: 'rafting-luetschine-2.jpg', svg: rafting(112, true) },
  { file: 'via-ferrata-muerren-1.jpg', svg: viaFerrata(121, false) },
  { file: 'via-ferrata-muerren-2.jpg', svg: viaFerrata(122, true) },
  { file: 'glacier-hike-grindelwald-1.jpg', svg: glacier(131) },
  { file: 'snowshoe-fondue-habkern-1.jpg', svg: snowNight(141) },
  { file: 'snowshoe-fondue-habkern-2.jpg', svg: fondueSide(142, true) },
  { file: 'sup-lake-brienz-1.jpg', svg: lake(151, false) },
  { file: 'sup-lake-brienz-2.jpg', svg: lake(152, true) },
  { file: 'climbing-taster-family-1.jpg', svg: crag(161, true) },
  { file: 'team-event-raft-grill-1.jpg', svg: teamEvent(171) },
  { file: 'private-climbing-lesson-1.jpg', svg: crag(181, false) },
  { file: 'private-canyoning-saxeten-1.jpg', svg: gorge(191, 'abseil', true) },
  // Atelier Saveurs & Argile
  { file: 'fondue-moitie-moitie-1.jpg', svg: fondueTop(201) },
  { file: 'fondue-moitie-moitie-2.jpg', svg: fondueSide(202, false) },
  { file: 'cuchaule-benichon-1.jpg', svg: cuchaule(211) },
  { file: 'meringues-double-creme-1.jpg', svg: meringues(221) },
  { file: 'tournage-initiation-1.jpg', svg: wheelTop(231, false) },
  { file: 'tournage-initiation-2.jpg', svg: potteryShelf(232) },
  { file: 'petits-chefs-biscuits-1.jpg', svg: cookies(241) },
  { file: 'poterie-en-famille-1.jpg', svg: paintedPottery(251) },
  { file: 'macarons-soiree-1.jpg', svg: macarons(261) },
  { file: 'cours-prive-cuisine-1.jpg', svg: choppingBoard(271) },
  { file: 'tournage-prive-1.jpg', svg: wheelTop(281, true) },
  { file: 'tournage-prive-2.jpg', svg: potteryShelf(282) },
  { file: 'team-building-cuisine-1.jpg', svg: banquet(291) },
]

mkdirSync(outDir, { recursive: true })
for (const job of jobs) {
  const target = join(outDir, job.file)
  let quality = START_QUALITY
  for (;;) {
    await sharp(Buffer.from(job.svg))
      .resize(W, H, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toFile(target)
    const size = statSync(target).size
    if (size < MAX_BYTES || quality <= MIN_QUALITY) {
      console.log(`${job.file}: q${quality} ${(size / 1024).toFixed(1)} KB${size >= MAX_BYTES ? ' (over budget!)' : ''}`)
      break
    }
    quality -= 5
  }
}
