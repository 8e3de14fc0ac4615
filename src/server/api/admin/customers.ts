import type { AdminOperationHandlers } from '~/server/api/types'

export const customers = {} satisfies Partial<AdminOperationHandlers>
