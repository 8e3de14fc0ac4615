import type { ReactNode } from 'react'

/** Embedded layout (spec §2): no chrome, transparent background, for iframes on other sites. */
export function EmbeddedLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" data-layout="embedded" className="bg-transparent p-2">
      {children}
    </main>
  )
}
