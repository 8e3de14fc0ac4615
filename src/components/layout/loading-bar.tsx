import { useEffect, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'

const THROTTLE_MS = 150

/**
 * Loading indicator: appears after a short throttle, completes when the page has
 * loaded, and turns to the error colour when the navigation ended in an error.
 */
export function LoadingBar() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading })
  const failed = useRouterState({ select: (s) => s.matches.some((m) => m.status === 'error') })
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle')

  useEffect(() => {
    if (loading) {
      const timer = window.setTimeout(() => setPhase('running'), THROTTLE_MS)
      return () => window.clearTimeout(timer)
    }
    setPhase((p) => (p === 'running' ? 'done' : p))
    const timer = window.setTimeout(() => setPhase('idle'), 400)
    return () => window.clearTimeout(timer)
  }, [loading])

  if (phase === 'idle') return null
  return (
    // A sign for the eye only, outside every landmark (axe: region): assistive technology learns
    // of the new page from its content and title, as with a full page load.
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      data-state={failed ? 'error' : phase}
      className="fixed inset-x-0 top-0 z-50 h-1"
    >
      <div
        className={`h-full transition-[width] duration-300 ease-out ${failed ? 'bg-error' : 'bg-accent'}`}
        style={{ width: phase === 'running' ? '70%' : '100%' }}
      />
    </div>
  )
}
