import { createFileRoute } from '@tanstack/react-router'
import { handleApiRequest } from '~/server/http/api-route'

/** Server route for the anti-forgery cookie (GET /sanctum/csrf-cookie). */
export const Route = createFileRoute('/sanctum/$')({
  server: {
    handlers: {
      ANY: handleApiRequest,
    },
  },
})
