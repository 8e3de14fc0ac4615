// Helpers shared by the scripts that draw the demo images (make-seed-images, make-offer-images).

/** Small deterministic PRNG (mulberry32): the same seed draws the same picture. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Pt = [number, number]
export const f = (n: number) => n.toFixed(1)
/** SVG `points` of a polygon or polyline. */
export const poly = (pts: Pt[]) => pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')
