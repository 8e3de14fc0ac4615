/**
 * Renders the demo-shop seed images (SVG artwork -> JPEG) into seed/media/.
 * Run once: `npm run images:seed`. The output is committed; the
 * script is deterministic (seeded pseudo-random), so re-running it yields the same art.
 */
import { mkdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { f, poly, rng, type Pt } from './svg'

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'seed', 'media')
const MAX_BYTES = 60 * 1024



/** Mountain ridge by midpoint displacement between given anchor points. */
function ridge(anchors: Pt[], roughness: number, depth: number, rand: () => number): Pt[] {
  let pts = anchors
  let amp = roughness
  for (let d = 0; d < depth; d++) {
    const next: Pt[] = []
    for (let i = 0; i < pts.length - 1; i++) {
      const [x1, y1] = pts[i]!
      const [x2, y2] = pts[i + 1]!
      next.push([x1, y1])
      next.push([(x1 + x2) / 2, (y1 + y2) / 2 + (rand() - 0.5) * amp])
    }
    next.push(pts[pts.length - 1]!)
    pts = next
    amp *= 0.55
  }
  return pts
}

/** Filled mountain range with optional snow caps and flank shading. */
function mountain(
  id: string,
  pts: Pt[],
  base: number,
  fill: string,
  opts: { snowLine?: number; shade?: number; rand: () => number },
): string {
  const width = pts[pts.length - 1]![0]
  const shape: Pt[] = [[0, base], ...pts, [width, base]]
  let extra = ''
  // Shading: the right-hand flank of every prominent peak (highest point within ±6 samples).
  if (opts.shade) {
    for (let i = 1; i < pts.length - 1; i++) {
      const [x, y] = pts[i]!
      const window = pts.slice(Math.max(0, i - 6), i + 7)
      if (window.every(([, wy]) => wy >= y) && base - y > 80) {
        const w = (base - y) * 0.75
        extra += `<polygon points="${poly([[x, y], [x + w, base], [x + w * 0.05, base]])}" fill="url(#shadow)" opacity="${opts.shade}"/>`
      }
    }
  }
  // Snow: thicker on the high parts of the ridge, none below the snow line.
  if (opts.snowLine !== undefined) {
    const sl = opts.snowLine
    const lower: Pt[] = pts.map(([x, y]): Pt => {
      const depth = Math.max(0, (sl - y) * 0.8 + (opts.rand() - 0.5) * 22)
      return [x, y + depth]
    })
    extra += `<polygon points="${poly([...pts.map(([x, y]): Pt => [x, y - 2]), ...lower.reverse()])}" fill="url(#snow)"/>`
  }
  return (
    `<clipPath id="${id}"><polygon points="${poly(shape)}"/></clipPath>` +
    `<polygon points="${poly(shape)}" fill="${fill}"/>` +
    (extra ? `<g clip-path="url(#${id})">${extra}</g>` : '')
  )
}

function pine(x: number, baseY: number, h: number, color: string): string {
  const w = h * 0.38
  let s = `<rect x="${f(x - h * 0.03)}" y="${f(baseY - h * 0.12)}" width="${f(h * 0.06)}" height="${f(h * 0.14)}" fill="#1b140f"/>`
  for (let i = 0; i < 3; i++) {
    const top = baseY - h + i * h * 0.24
    const bottom = baseY - h * 0.1 - (2 - i) * h * 0.16
    const ww = w * (0.55 + i * 0.22)
    s += `<polygon points="${poly([[x, top], [x + ww, bottom], [x - ww, bottom]])}" fill="${color}"/>`
  }
  return s
}

function alpinHero(): string {
  const W = 1600
  const H = 900
  const horizon = 600
  const r = rng(42)
  const far = ridge([[0, 330], [260, 250], [520, 150], [760, 260], [980, 120], [1240, 230], [1420, 180], [1600, 300]], 80, 6, r)
  const mid = ridge([[0, 420], [300, 330], [560, 420], [820, 300], [1100, 410], [1350, 340], [1600, 400]], 60, 6, r)
  const near = ridge([[0, 520], [220, 470], [480, 545], [1200, 560], [1420, 470], [1600, 500]], 40, 6, r)
  const farSvg = mountain('far', far, horizon, 'url(#farRock)', { snowLine: 255, shade: 0.22, rand: r })
  const midSvg = mountain('mid', mid, horizon, 'url(#midRock)', { snowLine: 360, shade: 0.18, rand: r })
  const nearSvg = mountain('near', near, horizon, 'url(#forest)', { shade: 0.12, rand: r })

  // Foreground shore with pines, left and right.
  let trees = ''
  for (let i = 0; i < 14; i++) {
    const x = 10 + i * 26 + r() * 14
    trees += pine(x, 830 + r() * 30, 150 + r() * 110, '#173325')
  }
  for (let i = 0; i < 10; i++) {
    const x = 1330 + i * 28 + r() * 12
    trees += pine(x, 820 + r() * 40, 140 + r() * 120, '#173325')
  }
  let shimmer = ''
  for (let i = 0; i < 40; i++) {
    const y = horizon + 20 + r() * 240
    const x = r() * W
    const w = 40 + r() * 160
    shimmer += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="2" rx="1" fill="#ffffff" opacity="${(0.08 + r() * 0.12).toFixed(2)}"/>`
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#6fa3cf"/><stop offset="0.55" stop-color="#b9d4e6"/><stop offset="1" stop-color="#f6dcc0"/>
  </linearGradient>
  <radialGradient id="sun" cx="0.72" cy="0.28" r="0.35">
    <stop offset="0" stop-color="#fff6dc" stop-opacity="0.95"/><stop offset="0.25" stop-color="#ffe7b8" stop-opacity="0.45"/><stop offset="1" stop-color="#ffe7b8" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="snow" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dfe8f0"/>
  </linearGradient>
  <linearGradient id="shadow" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#0b1a2a"/><stop offset="1" stop-color="#0b1a2a" stop-opacity="0.3"/>
  </linearGradient>
  <linearGradient id="farRock" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#7d8fa6"/><stop offset="1" stop-color="#9fb1c3"/>
  </linearGradient>
  <linearGradient id="midRock" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#56697e"/><stop offset="1" stop-color="#6f8a8a"/>
  </linearGradient>
  <linearGradient id="forest" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#2f5a45"/><stop offset="1" stop-color="#3f6f52"/>
  </linearGradient>
  <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#5f9fb3"/><stop offset="1" stop-color="#1f5670"/>
  </linearGradient>
  <linearGradient id="shore" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#2a4a33"/><stop offset="1" stop-color="#152619"/>
  </linearGradient>
  <filter id="blur"><feGaussianBlur stdDeviation="3"/></filter>
  <filter id="haze"><feGaussianBlur stdDeviation="18"/></filter>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect width="${W}" height="${H}" fill="url(#sun)"/>
<circle cx="1152" cy="250" r="38" fill="#fff8e6" opacity="0.9"/>
<ellipse cx="380" cy="150" rx="190" ry="26" fill="#ffffff" opacity="0.35" filter="url(#haze)"/>
<ellipse cx="900" cy="95" rx="240" ry="22" fill="#ffffff" opacity="0.3" filter="url(#haze)"/>
${farSvg}
<rect y="${horizon - 160}" width="${W}" height="160" fill="#c9dbe6" opacity="0.25" filter="url(#haze)"/>
${midSvg}
${nearSvg}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#lake)"/>
<g transform="translate(0 ${2 * horizon}) scale(1 -1)" opacity="0.35" filter="url(#blur)">
  <polygon points="${poly([[0, horizon], ...mid, [W, horizon]])}" fill="#56697e"/>
  <polygon points="${poly([[0, horizon], ...near, [W, horizon]])}" fill="#2f5a45"/>
</g>
${shimmer}
<path d="M0 760 C 180 720 330 770 470 800 S 520 900 520 900 L0 900Z" fill="url(#shore)"/>
<path d="M1600 740 C 1450 730 1330 780 1250 830 S 1200 900 1200 900 L1600 900Z" fill="url(#shore)"/>
${trees}
</svg>`
}

function alpinLogo(): string {
  // Primary #0E547A; peak monogram in a circular badge.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#ffffff"/>
<circle cx="128" cy="128" r="120" fill="#0e547a"/>
<circle cx="128" cy="128" r="106" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.85"/>
<clipPath id="c"><circle cx="128" cy="128" r="104"/></clipPath>
<g clip-path="url(#c)">
  <polygon points="20,196 96,86 124,126 150,92 236,196" fill="#ffffff"/>
  <polygon points="96,86 124,126 116,122 106,132 98,118 86,128 78,124" fill="#cfe3ee"/>
  <polygon points="150,92 176,126 166,122 158,130 150,120 140,128 134,118" fill="#cfe3ee"/>
  <path d="M20 196 Q 128 176 236 196 L236 240 L20 240Z" fill="#f28c28"/>
  <path d="M20 206 Q 128 190 236 206" stroke="#0e547a" stroke-width="5" fill="none" opacity="0.6"/>
</g>
<circle cx="178" cy="70" r="12" fill="#f28c28"/>
</svg>`
}

function atelierHero(): string {
  const W = 1600
  const H = 900
  const r = rng(7)
  let speckles = ''
  for (let i = 0; i < 60; i++) {
    speckles += `<circle cx="${f(200 + r() * 1200)}" cy="${f(520 + r() * 360)}" r="${f(1 + r() * 2.5)}" fill="#7a4a2e" opacity="0.25"/>`
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#f3dcc4"/><stop offset="1" stop-color="#e7bf9c"/>
  </linearGradient>
  <radialGradient id="light" cx="0.25" cy="0.2" r="0.7">
    <stop offset="0" stop-color="#fff4e2" stop-opacity="0.85"/><stop offset="1" stop-color="#fff4e2" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#b9774f"/><stop offset="1" stop-color="#8a4f30"/>
  </linearGradient>
  <linearGradient id="bowl" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#d06b47"/><stop offset="1" stop-color="#a24a2c"/>
  </linearGradient>
  <linearGradient id="vase" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#6f7a43"/><stop offset="0.45" stop-color="#8c9857"/><stop offset="1" stop-color="#5a6436"/>
  </linearGradient>
  <linearGradient id="board" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#e0b07a"/><stop offset="1" stop-color="#c99261"/>
  </linearGradient>
  <filter id="soft"><feGaussianBlur stdDeviation="14"/></filter>
</defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect width="${W}" height="${H}" fill="url(#light)"/>
<!-- window light on the wall -->
<g opacity="0.35">
  <polygon points="140,60 520,60 600,420 220,420" fill="#fff7ea"/>
  <rect x="320" y="60" width="14" height="360" fill="#e7bf9c" transform="skewX(12) translate(-30 0)"/>
</g>
<!-- shelf with jars -->
<rect x="980" y="230" width="520" height="14" rx="4" fill="#8a4f30"/>
<rect x="1010" y="150" width="70" height="80" rx="12" fill="#f7efe4" opacity="0.9"/>
<rect x="1010" y="140" width="70" height="16" rx="5" fill="#6f7a43"/>
<rect x="1100" y="120" width="86" height="110" rx="14" fill="#f7efe4" opacity="0.9"/>
<rect x="1100" y="108" width="86" height="18" rx="6" fill="#c4603d"/>
<circle cx="1260" cy="192" r="38" fill="#d9a441"/>
<path d="M1300 230 q 20 -90 60 -100 q 40 10 60 100Z" fill="#6f7a43"/>
<rect x="1440" y="160" width="40" height="70" rx="8" fill="#a24a2c"/>
<!-- table -->
<path d="M0 540 L1600 500 L1600 900 L0 900Z" fill="url(#table)"/>
<path d="M0 540 L1600 500 L1600 516 L0 556Z" fill="#d0906a" opacity="0.6"/>
${speckles}
<!-- linen cloth -->
<path d="M140 600 L760 580 L820 880 L90 900Z" fill="#f4ece0"/>
<path d="M140 600 L760 580 L765 605 L138 626Z" fill="#e4d6c2"/>
<g stroke="#c4603d" stroke-width="6" opacity="0.55">
  <line x1="118" y1="700" x2="785" y2="684"/><line x1="110" y1="730" x2="790" y2="714"/>
</g>
<!-- shadows -->
<ellipse cx="480" cy="760" rx="230" ry="40" fill="#5a3420" opacity="0.25" filter="url(#soft)"/>
<ellipse cx="1010" cy="700" rx="130" ry="26" fill="#5a3420" opacity="0.3" filter="url(#soft)"/>
<ellipse cx="1320" cy="740" rx="210" ry="34" fill="#5a3420" opacity="0.3" filter="url(#soft)"/>
<!-- big bowl with dough -->
<path d="M270 660 Q 480 880 690 660Z" fill="url(#bowl)"/>
<ellipse cx="480" cy="660" rx="210" ry="42" fill="#8f3f24"/>
<ellipse cx="480" cy="662" rx="190" ry="34" fill="#f1dfbf"/>
<ellipse cx="450" cy="652" rx="90" ry="18" fill="#fbf1dc"/>
<!-- whisk -->
<g transform="rotate(-28 620 600)">
  <rect x="612" y="470" width="16" height="110" rx="8" fill="#6f7a43"/>
  <path d="M620 580 C 580 620 585 680 620 700 C 655 680 660 620 620 580Z" fill="none" stroke="#c9c2b6" stroke-width="4"/>
  <path d="M620 580 C 600 625 602 680 620 700 C 638 680 640 625 620 580Z" fill="none" stroke="#c9c2b6" stroke-width="4"/>
</g>
<!-- vase with olive branches -->
<path d="M955 700 C 900 640 920 540 975 500 L 975 460 L 1045 460 L 1045 500 C 1100 540 1120 640 1065 700Z" fill="url(#vase)"/>
<ellipse cx="1010" cy="460" rx="36" ry="9" fill="#4c5530"/>
<g stroke="#5a6436" stroke-width="4" fill="none">
  <path d="M1000 460 C 980 360 940 300 900 250"/>
  <path d="M1020 460 C 1040 370 1090 320 1130 280"/>
  <path d="M1010 460 C 1010 380 1015 330 1020 280"/>
</g>
<g fill="#8c9857">
  <ellipse cx="930" cy="300" rx="24" ry="8" transform="rotate(-50 930 300)"/>
  <ellipse cx="965" cy="360" rx="24" ry="8" transform="rotate(30 965 360)"/>
  <ellipse cx="910" cy="260" rx="22" ry="7" transform="rotate(40 910 260)"/>
  <ellipse cx="1075" cy="340" rx="24" ry="8" transform="rotate(-30 1075 340)"/>
  <ellipse cx="1110" cy="300" rx="22" ry="7" transform="rotate(35 1110 300)"/>
  <ellipse cx="1030" cy="330" rx="22" ry="7" transform="rotate(-70 1030 330)"/>
  <ellipse cx="1012" cy="290" rx="20" ry="7" transform="rotate(60 1012 290)"/>
</g>
<!-- cutting board with vegetables -->
<rect x="1150" y="640" width="360" height="110" rx="24" fill="url(#board)"/>
<circle cx="1530" cy="695" r="22" fill="url(#board)"/>
<circle cx="1530" cy="695" r="8" fill="#b9774f"/>
<circle cx="1240" cy="680" r="34" fill="#c4603d"/>
<circle cx="1230" cy="670" r="8" fill="#e3875f" opacity="0.8"/>
<path d="M1240 646 l -10 -12 l 10 5 l 10 -5Z" fill="#6f7a43"/>
<ellipse cx="1330" cy="700" rx="42" ry="20" fill="#e9c46a"/>
<circle cx="1420" cy="690" r="26" fill="#6f7a43"/>
<circle cx="1452" cy="714" r="16" fill="#8c9857"/>
<!-- small plates / ceramic cups -->
<ellipse cx="790" cy="830" rx="120" ry="30" fill="#f7efe4"/>
<ellipse cx="790" cy="826" rx="80" ry="18" fill="#e9dccb"/>
<path d="M1120 800 L1200 800 L1190 860 Q1160 872 1130 860Z" fill="#d06b47"/>
<ellipse cx="1160" cy="800" rx="40" ry="9" fill="#8f3f24"/>
</svg>`
}

function atelierLogo(): string {
  // Primary #A34A2A (terracotta); monogram "A" drawn as a path, with a small olive leaf.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#fbf6ef"/>
<rect x="16" y="16" width="224" height="224" rx="56" fill="#a34a2a"/>
<rect x="30" y="30" width="196" height="196" rx="44" fill="none" stroke="#fbf6ef" stroke-width="3" opacity="0.7"/>
<path d="M128 58 L188 196 L162 196 L150 166 L106 166 L94 196 L68 196 Z M128 100 L114 144 L142 144 Z" fill="#fbf6ef" fill-rule="evenodd"/>
<path d="M70 206 L186 206" stroke="#fbf6ef" stroke-width="5" stroke-linecap="round"/>
<g transform="translate(176 72) rotate(-35)">
  <ellipse cx="0" cy="0" rx="22" ry="9" fill="#a9b56f"/>
  <line x1="-22" y1="0" x2="22" y2="0" stroke="#a34a2a" stroke-width="2"/>
</g>
</svg>`
}

function defaultImage(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs>
  <linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#eef0f2"/><stop offset="1" stop-color="#dde1e5"/>
  </linearGradient>
</defs>
<rect width="1200" height="800" fill="url(#g)"/>
<polygon points="0,560 230,360 380,470 560,250 820,520 960,420 1200,590 1200,800 0,800" fill="#cfd4d9"/>
<polygon points="0,650 300,520 520,610 760,500 1000,600 1200,560 1200,800 0,800" fill="#c3c9cf"/>
<circle cx="880" cy="220" r="56" fill="#d6dade"/>
<g fill="none" stroke="#aab1b8" stroke-width="10" stroke-linejoin="round" stroke-linecap="round" opacity="0.9">
  <rect x="500" y="300" width="200" height="150" rx="16"/>
  <polyline points="520,430 580,360 620,400 645,375 680,430"/>
</g>
<circle cx="650" cy="340" r="14" fill="#aab1b8"/>
</svg>`
}

type Job = { file: string; svg: string; width: number; height: number; quality: number }

const jobs: Job[] = [
  { file: 'default.jpg', svg: defaultImage(), width: 1200, height: 800, quality: 70 },
  { file: 'alpin-hero.jpg', svg: alpinHero(), width: 1600, height: 900, quality: 70 },
  { file: 'alpin-logo.jpg', svg: alpinLogo(), width: 256, height: 256, quality: 82 },
  { file: 'atelier-hero.jpg', svg: atelierHero(), width: 1600, height: 900, quality: 70 },
  { file: 'atelier-logo.jpg', svg: atelierLogo(), width: 256, height: 256, quality: 82 },
]

mkdirSync(outDir, { recursive: true })
for (const job of jobs) {
  const target = join(outDir, job.file)
  let quality = job.quality
  for (;;) {
    await sharp(Buffer.from(job.svg))
      .resize(job.width, job.height, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toFile(target)
    const size = statSync(target).size
    if (size < MAX_BYTES || quality <= 40) {
      console.log(`${job.file}: ${job.width}x${job.height} q${quality} ${(size / 1024).toFixed(1)} KB`)
      break
    }
    quality -= 5
  }
}
