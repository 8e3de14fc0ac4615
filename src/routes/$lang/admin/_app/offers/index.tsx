import { useState } from 'react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { shopOffersQuery, type OfferStatus } from '~/api/admin-offers.queries'
import { Button } from '~/components/button'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { NewOfferDialog } from '~/features/admin/offers/new-offer-dialog'
import { OfferTable } from '~/features/admin/offers/offer-table'
import { useOfferLabels } from '~/features/admin/offers/status-label'
import { SelectField } from '~/features/admin/settings/general/select-field'
import { shopTimeZone } from '~/lib/shop-settings'

const title = msg`Offers`
const STATUSES = ['draft', 'published', 'archived'] as const

/** Managers: the shop's offers with their status, next dates, places sold and texts per language. */
export const Route = createFileRoute('/$lang/admin/_app/offers/')({
  validateSearch: (search: Record<string, unknown>): { status?: OfferStatus } =>
    STATUSES.includes(search.status as OfferStatus) ? { status: search.status as OfferStatus } : {},
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: async ({ context, location, deps }) => (await import('~/features/admin/offers/routing')).offersPage(context, location.href, deps.status),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: OffersPage,
})

function OffersPage() {
  const { lang, config } = Route.useRouteContext()
  const { status } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const adminApi = useAdminApi(lang)
  const { data } = useSuspenseQuery(shopOffersQuery(adminApi, status))
  const { t, i18n } = useLingui()
  const labels = useOfferLabels()
  const [creating, setCreating] = useState(false)
  const languages = config.languages.length ? [...config.languages] : (['de'] as const)
  return (
    <div className="max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
        <Button onClick={() => setCreating(true)}>
          <Trans>New offer</Trans>
        </Button>
      </div>
      <div className="max-w-xs">
        <SelectField
          id="offers-status"
          label={t`Show`}
          value={status ?? ''}
          options={[{ value: '', label: t`All offers` }, ...STATUSES.map((s) => ({ value: s, label: labels.status[s] }))]}
          onChange={(value) => void navigate({ search: value ? { status: value as OfferStatus } : {} })}
        />
      </div>
      <OfferTable offers={data} lang={lang} languages={[...languages]} timeZone={shopTimeZone(config)} />
      <NewOfferDialog api={adminApi} lang={lang} open={creating} onClose={() => setCreating(false)} />
    </div>
  )
}
