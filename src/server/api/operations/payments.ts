import { applyPaymentEvent, findPaymentLink, startCartPayment, startLinkPayment } from '~/server/domain/payments'
import { applyRefundEvent } from '~/server/domain/refunds'
import { HttpError } from '~/server/http/problem'
import { WebhookRejected } from '~/server/payments/provider'
import { json, type OperationHandlers } from '~/server/api/types'
import { startContext } from './context'

export const payments = {
  startCartPayment: {
    handler: async (ctx, { path }) => {
      const started = await startCartPayment(startContext(ctx), path.cartId)
      return json('startCartPayment', { data: started }, { status: 201 })
    },
  },
  getPaymentLink: {
    handler: async (ctx, { path }) => {
      const view = await findPaymentLink(ctx.db, ctx.shop, path.token, ctx.now)
      return json('getPaymentLink', { data: view }, { headers: { 'cache-control': 'no-store' } })
    },
  },
  startLinkPayment: {
    handler: async (ctx, { path }) => {
      const started = await startLinkPayment(startContext(ctx), path.token)
      return json('startLinkPayment', { data: started }, { status: 201 })
    },
  },
  receivePaymentWebhook: {
    handler: async (ctx, { path }) => {
      const provider = ctx.payments.get(path.provider)
      if (!provider) throw new HttpError(404, 'Page not found', 'There is no such payment provider.', { code: 'webhook.unknown_provider' })
      // The provider's own body: its signature covers the raw bytes.
      const body = await ctx.request.text()
      let event
      try {
        event = await provider.verifyWebhook({ headers: ctx.request.headers, body, now: ctx.now })
      } catch (error) {
        if (error instanceof WebhookRejected) throw new HttpError(400, 'Invalid enquiry', error.message, { code: error.code })
        throw error
      }
      // Payment events settle payments; refund events settle refunds (ADR 029). Both exactly once.
      const result =
        event.kind === 'refund'
          ? await applyRefundEvent({ db: ctx.db, shop: ctx.shop, now: ctx.now }, provider.id, event)
          : await applyPaymentEvent({ db: ctx.db, shop: ctx.shop, now: ctx.now, providers: ctx.payments, origin: ctx.origin }, provider.id, event)
      return json('receivePaymentWebhook', { data: { result } })
    },
  },
} satisfies Partial<OperationHandlers>
