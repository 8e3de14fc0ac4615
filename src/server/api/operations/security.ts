import { createFrameToken, createXsrfToken, XSRF_HEADER, xsrfCookie } from '~/server/http/xsrf'
import type { OperationHandlers } from '~/server/api/types'

export const security = {
  getCsrfCookie: {
    handler: async (ctx) => {
      const secret = await ctx.xsrfSecret()
      const token = createXsrfToken(secret)
      return new Response(null, {
        status: 204,
        headers: {
          'set-cookie': xsrfCookie(token, ctx.secureCookies),
          // For embedded frames, where the cookie is not available (ADR 013).
          [XSRF_HEADER]: createFrameToken(secret, ctx.now),
          'cache-control': 'no-store',
        },
      })
    },
  },
} satisfies Partial<OperationHandlers>
