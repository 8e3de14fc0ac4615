// The build's table of server functions (TanStack Start's virtual module; src/virtual.d.ts).
import { getServerFnById } from '#tanstack-start-server-fn-resolver'

export const SERVER_FN_BASE = '/_serverFn/'

/** Whether an id names a server function of this build (an unknown one is a plain 404). */
export async function isServerFunction(id: string): Promise<boolean> {
  if (!id) return false
  try {
    return Boolean(await getServerFnById(id, { origin: 'client' }))
  } catch {
    return false
  }
}
