import type { OperationHandlers, OperationId } from '~/server/api/types'
import { carts } from './carts'
import { checkout } from './checkout'
import { manage } from './manage'
import { media } from './media'
import { offers } from './offers'
import { operator } from './operator'
import { payments } from './payments'
import { security } from './security'
import { shop } from './shop'

/**
 * The handler of every operation of openapi/webshop.yaml, keyed by operationId: an operation
 * without a handler fails the type check here, a handler of an unknown operation in its
 * resource's file (and `compileContract` refuses both at start).
 */
export const handlers = {
  ...security,
  ...shop,
  ...media,
  ...offers,
  ...carts,
  ...checkout,
  ...payments,
  ...manage,
  ...operator,
} satisfies OperationHandlers

/** No key beyond the contract's operations (spreads escape the excess-property check). */
type Never<T extends never> = T
export type NoExtraHandlers = Never<Exclude<keyof typeof handlers, OperationId>>
