import { createSerializationAdapter } from '@tanstack/react-router'
import { createStart } from '@tanstack/react-start'
import { ApiError, type ErrorBody } from '~/api/client'

/** An API error thrown during SSR reaches the browser as an ApiError, status and body intact. */
const apiErrorAdapter = createSerializationAdapter({
  key: 'webshop-api-error',
  test: (value): value is ApiError => value instanceof ApiError,
  toSerializable: (error) => ({ status: error.status, body: JSON.stringify(error.body) }),
  fromSerializable: ({ status, body }) => new ApiError(status, JSON.parse(body) as ErrorBody),
})

export const startInstance = createStart(() => ({
  serializationAdapters: [apiErrorAdapter],
}))
