import { createFileRoute } from '@tanstack/react-router'
import { handleApiRequest } from '~/server/http/api-route'

/**
 * Server route for every /api/* call: the contract's operations are dispatched by the typed
 * API handler (src/server/api), unknown paths answer a JSON 404, never the HTML page.
 */
export const Route = createFileRoute('/api/$')({
  server: {
    handlers: {
      ANY: handleApiRequest,
    },
  },
})
