import { useEffect, useRef, type ReactNode } from 'react'
import { InLayout } from '~/components/layout/in-layout'
import { connectEmbed, disconnectEmbed, emitEmbedEvent, postHeight } from './embed-messaging'
import { frameStyle, isFrameMode, type EmbedSearch } from './frame-config'

/**
 * Embedded layout: no chrome, transparent, for iframes on other sites. It reports its
 * height to the host page (the loader sizes the iframe, so the frame never scrolls) and says
 * 'ready' once, when the host page is who it claims to be (./embed-messaging).
 */
export function EmbeddedLayout({ frame, allowedOrigins, children }: { frame: EmbedSearch; allowedOrigins?: readonly string[]; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null)
  const allowList = (allowedOrigins ?? []).join(' ')
  useEffect(() => {
    const connected = connectEmbed({ origin: frame.origin, widget: frame.widget, allowedOrigins: allowList ? allowList.split(' ') : [] })
    if (!connected.ok) {
      if (window.parent !== window) console.warn(`[embed] not talking to the host page: ${connected.reason}`)
      return
    }
    const element = root.current
    if (!element) return
    // The loader gives the frame the height of its content: no inner scrollbar.
    document.documentElement.style.overflow = 'hidden'
    let last = -1
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height)
      if (height !== last) {
        last = height
        postHeight(height)
      }
    }
    const observer = new ResizeObserver(report)
    observer.observe(element)
    report()
    emitEmbedEvent('ready', { title: document.title })
    return () => {
      observer.disconnect()
      disconnectEmbed()
      document.documentElement.style.overflow = ''
    }
  }, [frame.origin, frame.widget, allowList])
  return (
    <div ref={root} data-layout="embedded" data-frame-mode={isFrameMode(frame) ? 'on' : 'off'} style={frameStyle(frame)} className="flow-root bg-transparent p-2">
      <InLayout.Provider value={true}>{children}</InLayout.Provider>
    </div>
  )
}
