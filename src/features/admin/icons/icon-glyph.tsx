/**
 * An icon from the staff's icon search, drawn in the current text colour through a CSS mask of
 * its SVG (as ~/components/icon draws the shop's): the markup is never inserted into the page,
 * so even an SVG that held a script could not run it.
 */
export function IconGlyph({ svg, className = 'h-6 w-6' }: { svg: string; className?: string }) {
  const url = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 bg-current ${className}`}
      style={{ maskImage: url, WebkitMaskImage: url, maskSize: 'contain', maskRepeat: 'no-repeat', maskPosition: 'center' }}
    />
  )
}
