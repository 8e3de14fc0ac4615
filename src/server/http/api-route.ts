import { getRuntime, newRequestId } from '~/server/runtime'

/**
 * The handler of the server-only routes the typed API answers (src/routes/api/$.ts,
 * src/routes/sanctum/$.ts): the request goes to the runtime's API with the request id of the
 * request context (or a new one).
 */
export async function handleApiRequest({ request, context }: { request: Request; context?: unknown }): Promise<Response> {
  const runtime = await getRuntime()
  const requestId = (context as { requestId?: string } | undefined)?.requestId
  return runtime.api(request, { requestId: requestId ?? newRequestId() })
}
