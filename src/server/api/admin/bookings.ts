import type { AdminOperationHandlers } from '~/server/api/types'

export const bookings = {} satisfies Partial<AdminOperationHandlers>
