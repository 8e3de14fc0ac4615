import { compileContract } from './contract'
import { contract } from './contract.gen'
import { handlers } from './operations'

/**
 * Every operation of openapi/webshop.yaml, as the built-in back end serves it: paths, methods and
 * access from the contract, request validation compiled from its schemas, handlers from
 * ./operations (one file per resource).
 */
export const routes = compileContract(contract, handlers)
