/** A tag's slug from its name: `Gruppen & Firmen` → `gruppen-firmen`; `ü` → `u`. At most 40 characters. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '')
}

/** `base`, or `base-2`, `base-3`… if taken. */
export function uniqueSlug(base: string, taken: readonly string[]): string {
  const root = base || 'tag'
  if (!taken.includes(root)) return root
  for (let i = 2; ; i++) if (!taken.includes(`${root}-${i}`)) return `${root}-${i}`
}
