import type { AdminOperationHandlers } from '~/server/api/types'
import { json } from '~/server/api/types'
import { servedBuildId } from '~/server/build'
import { version } from '../../../../package.json'

export const about = {
  getAbout: { handler: async () => json('getAbout', { data: { version, buildId: servedBuildId() } }) },
} satisfies Partial<AdminOperationHandlers>
