import type { AdminOperationHandlers } from '~/server/api/types'

export const requests = {} satisfies Partial<AdminOperationHandlers>
