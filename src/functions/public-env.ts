import { createIsomorphicFn } from '@tanstack/react-start'

export type PublicEnv = { sentryDsn?: string }

/** Server settings the browser may know (never secrets). Read on the server, hydrated into the page. */
export const getPublicEnv = createIsomorphicFn()
  .server((): PublicEnv => ({ sentryDsn: process.env.SENTRY_DSN?.trim() || undefined }))
  .client((): PublicEnv => ({}))
