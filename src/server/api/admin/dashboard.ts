import type { AdminOperationHandlers } from '~/server/api/types'

export const dashboard = {} satisfies Partial<AdminOperationHandlers>
