import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while the page is server-rendered HTML (and during hydration's first render), true once
 * React handles events. A control that needs JavaScript stays visibly disabled until then, so a
 * tap on a slow phone waits for the page instead of being lost (issue 22, point 3).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
