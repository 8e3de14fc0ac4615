/** The two API contracts the staff app documents: the shop's (visitors) and the staff's. */
export const CONTRACTS = ['webshop', 'admin'] as const
export type ContractName = (typeof CONTRACTS)[number]

/** Where the server route `src/routes/openapi/$name.ts` serves a contract file (YAML). */
export function contractUrl(name: ContractName): string {
  return `/openapi/${name}.yaml`
}

export function isContractName(value: unknown): value is ContractName {
  return (CONTRACTS as readonly unknown[]).includes(value)
}
