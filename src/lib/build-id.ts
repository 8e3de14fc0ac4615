declare const __BUILD_ID__: string

/** The id of this build (set by vite.config.ts); the client compares it with /_build/latest.json. */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev'
