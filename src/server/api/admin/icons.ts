import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { searchIcons } from '~/server/domain/icon-search'

export const icons = {
  searchIcons: {
    // The contract has bounded both (q at most 50 characters, limit 1–96) and set their defaults.
    handler: async (_ctx, { query }) => {
      const { total, icons: found } = searchIcons(query.q ?? '', query.limit ?? 48)
      return json('searchIcons', { data: found, meta: { total } })
    },
  },
} satisfies Partial<AdminOperationHandlers>
