import { createContext } from 'react'

/**
 * Whether a page layout (default, minimal, embedded, staff) is around: a 404 rendered outside all
 * of them (a path nothing matched) brings the shop's header and footer itself (`UnmatchedPath`).
 */
export const InLayout = createContext(false)
