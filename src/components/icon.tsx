/**
 * An icon named in the shop's config (`prefix:name`). Drawn in the current text colour through
 * a CSS mask of the local icon endpoint; a missing icon simply shows nothing.
 */
export function Icon({ name, className = 'h-5 w-5' }: { name: string | undefined; className?: string }) {
  const match = name ? /^([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(name) : null
  if (!match) return null
  const url = `url("/api/webshop/v1/icons/${match[1]}/${match[2]}.svg")`
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      className={`inline-block shrink-0 bg-current ${className}`}
      style={{ maskImage: url, WebkitMaskImage: url, maskSize: 'contain', maskRepeat: 'no-repeat', maskPosition: 'center' }}
    />
  )
}
