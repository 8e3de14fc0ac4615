import type { AdminOperationHandlers } from '~/server/api/types'

export const finance = {} satisfies Partial<AdminOperationHandlers>
