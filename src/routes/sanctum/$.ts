import { createFileRoute } from '@tanstack/react-router'
import { getRuntime, newRequestId } from '~/server/runtime'

/** Server route for the anti-forgery cookie (GET /sanctum/csrf-cookie). */
export const Route = createFileRoute('/sanctum/$')({
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
