import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Locale } from '~/lib/locale'
import { ACCESSIBLE_THEME_CSS } from './api-reference-theme'
import { contractUrl, type ContractName } from './contracts'
import { loadRenderer, type Renderer } from './renderer'

type State = 'loading' | 'ready' | 'failed'

/**
 * One contract rendered by Scalar's API reference (ADR 023). The renderer (and its styles) is
 * loaded only here, on demand (`renderer.ts`), so no other page loads a byte of it. It gets the contract's
 * text, never a URL to fetch, and nothing that reaches out: no default fonts (CDN), no
 * telemetry, no API client or "test request" (it would send the staff's cookies), no AI agent
 * or MCP, no document download (the page links the files itself).
 */
export function ApiReference({ name, lang, title, load = loadRenderer }: { name: ContractName; lang: Locale; title: string; load?: () => Promise<Renderer> }) {
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<State>('loading')
  const { t } = useLingui()
  const copyLabel = t`Copy the code`
  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | undefined
    setState('loading')
    void (async () => {
      try {
        const [response, scalar] = await Promise.all([fetch(contractUrl(name)), load()])
        if (!response.ok) throw new Error(`${response.status}`)
        const content = await response.text()
        if (cancelled || !container.current) return
        const instance = scalar.createApiReference(container.current, {
          content,
          title,
          localization: { locale: lang },
          theme: 'default',
          customCss: ACCESSIBLE_THEME_CSS,
          layout: 'modern',
          forceDarkModeState: 'light',
          hideDarkModeToggle: true,
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideTestRequestButton: true,
          showDeveloperTools: 'never',
          documentDownloadType: 'none',
          mcp: { disabled: true },
          agent: { disabled: true },
        })
        // the renderer's copy buttons on code blocks are icons without a name: give them one
        const labelCopyButtons = () => {
          for (const button of container.current?.querySelectorAll<HTMLButtonElement>('button.scalar-code-copy:not([aria-label])') ?? []) button.setAttribute('aria-label', copyLabel)
        }
        const observer = new MutationObserver(labelCopyButtons)
        observer.observe(container.current, { childList: true, subtree: true })
        labelCopyButtons()
        destroy = () => {
          observer.disconnect()
          instance.destroy()
        }
        setState('ready')
      } catch {
        if (!cancelled) setState('failed')
      }
    })()
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [name, lang, title, copyLabel, load])
  return (
    <div data-testid="api-reference" data-state={state} aria-busy={state === 'loading'}>
      {state === 'loading' ? (
        <p role="status">
          <Trans>Loading the API reference…</Trans>
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="font-medium text-error">
          <Trans>The API reference could not be loaded. Download the contract file instead.</Trans>
        </p>
      ) : null}
      <div ref={container} />
    </div>
  )
}
