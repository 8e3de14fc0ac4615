import { json, type OperationHandlers } from '~/server/api/types'

export const shop = {
  getShopConfig: {
    handler: async (ctx) =>
      json('getShopConfig', { data: ctx.shop.config }, {
        headers: { 'cache-control': 'no-cache', vary: 'x-flowin-locale' },
      }),
  },
} satisfies Partial<OperationHandlers>
