import { createFileRoute, Link } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { ApiReference } from '~/features/admin/info/api-reference'
import { CONTRACTS, contractUrl, isContractName, type ContractName } from '~/features/admin/info/contracts'

const title = msg`API reference`
const CONTRACT_TITLES = { webshop: msg`Shop API (visitors)`, admin: msg`Staff API` } satisfies Record<ContractName, unknown>

/** Managers and owners: both contracts rendered for developers, each with its file to download. */
export const Route = createFileRoute('/$lang/admin/_app/info/api')({
  validateSearch: (search: Record<string, unknown>): { contract?: ContractName } => (isContractName(search.contract) ? { contract: search.contract } : {}),
  loader: async ({ context, location }) => (await import('~/features/admin/info/routing')).apiPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: ApiPage,
})

function ApiPage() {
  const { i18n } = useLingui()
  const { lang } = Route.useRouteContext()
  const contract = Route.useSearch().contract ?? 'webshop'
  return (
    <div>
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <p className="mt-4 max-w-3xl">
        <Trans>
          Both APIs are described by OpenAPI 3.1 contracts. Generate a client from a contract file (for example with openapi-typescript or OpenAPI Generator) rather than writing the calls by
          hand.
        </Trans>
      </p>
      <nav aria-label={i18n._(title)} className="mt-6 flex flex-wrap gap-x-8 gap-y-4">
        {CONTRACTS.map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <Link
              from={Route.fullPath}
              to="."
              search={{ contract: name }}
              aria-current={name === contract ? 'page' : undefined}
              className="text-lg font-semibold underline aria-[current=page]:no-underline"
              data-testid={`contract-${name}`}
            >
              {i18n._(CONTRACT_TITLES[name])}
            </Link>
            <a href={contractUrl(name)} download className="underline" data-testid={`download-${name}`}>
              <Trans>Download {name}.yaml</Trans>
            </a>
          </div>
        ))}
      </nav>
      <section className="mt-8" aria-label={i18n._(CONTRACT_TITLES[contract])}>
        <ApiReference key={contract} name={contract} lang={lang} title={i18n._(CONTRACT_TITLES[contract])} />
      </section>
    </div>
  )
}
