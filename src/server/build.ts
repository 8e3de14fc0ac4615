import { BUILD_ID } from '~/lib/build-id'

const KEY = Symbol.for('webshop.buildId')
type Holder = { [KEY]?: string }

/** Called by the server bundle when it loads: the build it was made by. */
export function registerBuildId(id: string) {
  ;(globalThis as Holder)[KEY] = id
}

/**
 * The build this process serves: the bundle's id, also for code loaded from source next to it
 * (the API runtime that `npm run serve` prepares before it loads the bundle); 'dev' without a build.
 */
export const servedBuildId = (): string => (globalThis as Holder)[KEY] ?? BUILD_ID
