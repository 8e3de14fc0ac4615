import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { getCalendarFeed, loadScheduleFeed, renewCalendarFeed } from '~/server/domain/calendar-feed/feed'
import { ifNoneMatches } from '~/server/http/conditional'
import { staffOf } from './context'

/**
 * Revalidated by the member's calendar app on every refresh, never kept by a shared cache (the
 * address is a secret). The dispatcher keeps this for the feed's answers (src/server/api/handler.ts).
 */
export const FEED_CACHE_CONTROL = 'private, no-cache'

/** Handlers of the contract's `calendar-feed` tag (issue 18): each member's schedule feed. */
export const calendarFeed = {
  getMyCalendarFeed: {
    handler: async (ctx) => json('getMyCalendarFeed', { data: await getCalendarFeed(ctx.db, staffOf(ctx), ctx.origin) }),
  },
  renewMyCalendarFeed: {
    handler: async (ctx) => json('renewMyCalendarFeed', { data: await renewCalendarFeed(ctx.db, staffOf(ctx), ctx.origin, ctx.now) }),
  },
  getScheduleFeed: {
    // Not JSON: the contract declares `text/calendar`. No session: the secret address is the credential.
    handler: async (ctx, { path }) => {
      const feed = await loadScheduleFeed(ctx.db, ctx.shop, ctx.origin, path.staffId, path.key, ctx.now)
      const headers = { etag: feed.etag, 'cache-control': FEED_CACHE_CONTROL }
      if (ifNoneMatches(ctx.request.headers.get('if-none-match'), feed.etag)) return new Response(null, { status: 304, headers })
      return new Response(feed.text, { status: 200, headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' } })
    },
  },
} satisfies Partial<AdminOperationHandlers>
