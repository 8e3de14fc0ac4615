import type { AdminOperationHandlers } from '~/server/api/types'

export const bookingDetail = {} satisfies Partial<AdminOperationHandlers>
