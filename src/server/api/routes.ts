import { compileContract } from './contract'
import { contract } from './contract.gen'
import { contract as adminContract } from './admin-contract.gen'
import { handlers } from './operations'
import { adminHandlers } from './admin'

/**
 * Every operation of openapi/webshop.yaml and openapi/admin.yaml, as the built-in back end
 * serves them: paths, methods and access from the contracts, request validation compiled from
 * their schemas, handlers from ./operations and ./admin (one file per resource).
 */
export const shopRoutes = compileContract(contract, handlers)
export const adminRoutes = compileContract(adminContract, adminHandlers)
export const routes = [...shopRoutes, ...adminRoutes]
