import type { createApiReference } from '@scalar/api-reference'
import standaloneUrl from 'scalar-standalone?url'

/** What the API reference needs of Scalar. */
export type Renderer = { createApiReference: typeof createApiReference }

declare global {
  interface Window {
    Scalar?: Renderer
  }
}

let loading: Promise<Renderer> | undefined

/**
 * Scalar's self-contained browser build (its own Vue, zod, CodeMirror and styles), loaded by a
 * script tag from our origin when the API page first needs it. It is a file of its own, outside
 * the app's module graph: imported as a module, its dependencies (zod above all) were merged
 * into chunks the visitor pages share, and the checkout loaded 15 KB more (ADR 023).
 */
export function loadRenderer(): Promise<Renderer> {
  loading ??= new Promise<Renderer>((resolve, reject) => {
    if (window.Scalar) return resolve(window.Scalar)
    const script = document.createElement('script')
    script.src = standaloneUrl
    script.async = true
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error('the API reference renderer did not start')))
    script.onerror = () => reject(new Error('the API reference renderer could not be loaded'))
    document.head.append(script)
  }).catch((error: unknown) => {
    loading = undefined // a later visit tries again
    throw error
  })
  return loading
}
