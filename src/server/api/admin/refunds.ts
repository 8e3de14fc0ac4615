import type { AdminOperationHandlers } from '~/server/api/types'

export const refunds = {} satisfies Partial<AdminOperationHandlers>
