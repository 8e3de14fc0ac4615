/** The built embed loader (vite-plugin-embed-loader.ts): the script text of /embed/v1/loader.js. */
declare module 'virtual:embed-loader' {
  const code: string
  export default code
}

/** TanStack Start's table of the build's server functions (resolved by its Vite plugin). */
declare module '#tanstack-start-server-fn-resolver' {
  export function getServerFnById(id: string, access: { origin: 'client' | 'server' }): Promise<unknown>
}

/** Scalar's self-contained browser build, emitted as a file of its own (vite.config.ts alias): its URL. */
declare module 'scalar-standalone?url' {
  const url: string
  export default url
}
