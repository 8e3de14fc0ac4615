import { createFileRoute } from '@tanstack/react-router'
import { getRuntime, newRequestId } from '~/server/runtime'

/**
 * Server route for every /api/* call: the contract's operations are dispatched by the typed
 * API handler (src/server/api), unknown paths answer a JSON 404, never the HTML page.
 */
export const Route = createFileRoute('/api/$')({
  server: {
    handlers: {
      ANY: async ({ request, context }) => {
        const runtime = await getRuntime()
        const requestId = (context as { requestId?: string } | undefined)?.requestId
        return runtime.api(request, { requestId: requestId ?? newRequestId() })
      },
    },
  },
})
