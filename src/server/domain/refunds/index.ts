/** Refunds (ADR 029): decided in a transaction, sent to the provider after commit, settled by its verified event. */
export { applyRefundEvent, type RefundApplyResult } from './apply'
export { confirmRefund, retryRefund } from './actions'
export { createRefundsInTransaction, ON_SITE_PROVIDER, type RefundReason, type RefundRow } from './create'
export { refundsOfBooking, toRefundView, type RefundView } from './read'
export { providerWebhookUrl, retryUnsentRefunds, sendPendingRefunds, type RefundSending } from './send'
