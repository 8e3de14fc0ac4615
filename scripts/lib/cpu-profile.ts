// Sums up a V8 CPU profile (`node --cpu-prof`): where the samples land (self time per function)
// and how much of the time is spent under each module (inclusive: a sample counts once for every
// module on its stack). Used by `npm run profile`.

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

export type Share = { name: string; percent: number }

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)'])

/** node_modules/@scope/pkg or node_modules/pkg; an app file by its name without the build's hash; node: built-ins. */
export function moduleOf(url: string): string {
  if (!url) return '(native)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return url
  const file = url.split('/').pop()!.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')
  return `app:${file}`
}

/**
 * `lastSeconds`: only the samples of the profile's last seconds (the load, not the server's start:
 * the profile is written when the process exits, right after the load).
 */
export function summarise(profile: CpuProfile, { top = 25, lastSeconds = Infinity } = {}): { self: Share[]; under: Share[]; idlePercent: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map<string, number>()
  const under = new Map<string, number>()
  let busy = 0
  let idle = 0
  const at: number[] = []
  let t = 0
  for (const d of profile.timeDeltas) at.push((t += d))
  const from = t - lastSeconds * 1e6
  for (const [i, id] of profile.samples.entries()) {
    if (at[i]! < from) continue
    const node = byId.get(id)!
    const fn = node.callFrame.functionName
    if (IDLE.has(fn)) {
      if (fn !== '(garbage collector)') {
        idle++
        continue
      }
    }
    busy++
    const name = fn === '(garbage collector)' ? fn : `${fn || '(anonymous)'} ${moduleOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`
    self.set(name, (self.get(name) ?? 0) + 1)
    const seen = new Set<string>()
    for (let frameId: number | undefined = id; frameId !== undefined; frameId = parent.get(frameId)) {
      const frame = byId.get(frameId)!.callFrame
      if (!frame.url) continue
      seen.add(moduleOf(frame.url))
    }
    if (fn === '(garbage collector)') seen.add('(garbage collector)')
    for (const m of seen) under.set(m, (under.get(m) ?? 0) + 1)
  }
  const shares = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => ({ name, percent: (n / Math.max(1, busy)) * 100 }))
  return { self: shares(self), under: shares(under), idlePercent: (idle / Math.max(1, busy + idle)) * 100 }
}
