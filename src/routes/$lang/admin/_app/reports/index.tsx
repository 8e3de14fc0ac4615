import { useState, type FormEvent } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { shopOffersQuery } from '~/api/admin-offers.queries'
import { reportQuery, type ReportGranularity } from '~/api/admin-reports.queries'
import { Button, buttonClass } from '~/components/button'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { SelectField } from '~/features/admin/settings/general/select-field'
import { day } from '~/features/admin/finance/format'
import { useFinanceLabels } from '~/features/admin/finance/labels'
import { RangeFields } from '~/features/admin/finance/range-fields'
import { useRangeForm } from '~/features/admin/finance/range-form'
import { ReportBody } from '~/features/admin/reports/report-body'
import { REPORT_PRESETS, reportRange } from '~/features/admin/reports/ranges'
import { REPORT_GRANULARITIES, reportSearch } from '~/features/admin/reports/search'
import { useReportLabels } from '~/features/admin/reports/labels'

const title = msg`Reports`

/** Managers: bookings, revenue, occupancy, channels and answer times per week or month (the last twelve months by default). */
export const Route = createFileRoute('/$lang/admin/_app/reports/')({
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps }) => (await import('~/features/admin/reports/routing')).reportsPage(context, location.href, deps),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: Reports,
})

function Reports() {
  const { lang } = Route.useRouteContext()
  const { today, query } = Route.useLoaderData()
  const navigate = useNavigate({ from: Route.fullPath })
  const api = useAdminApi(lang)
  const { t, i18n } = useLingui()
  const financeLabels = useFinanceLabels()
  const labels = useReportLabels()
  const report = useQuery(reportQuery(api, query))
  const offers = useQuery(shopOffersQuery(api))
  const [offerId, setOfferId] = useState(query.offerId ?? '')
  const range = useRangeForm(query, `${query.from}|${query.to}|${query.granularity}|${query.offerId ?? ''}`, () => setOfferId(query.offerId ?? ''))
  const { from, to, granularity, problem } = range
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (range.check()) void navigate({ search: { from, to, granularity, ...(offerId ? { offerId } : {}) } })
  }
  const error = (field: 'from' | 'to' | 'granularity') => (problem?.field === field ? financeLabels.problem(problem) : undefined)
  const fromText = day(query.from, lang, 'long')
  const toText = day(query.to, lang, 'long')
  const offerTitle = offers.data?.find((o) => o.id === query.offerId)?.title
  return (
    <div className="max-w-7xl space-y-8">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>

      <section aria-labelledby="report-range" className="space-y-4">
        <h2 id="report-range" className="text-xl font-semibold">
          <Trans>Range</Trans>
        </h2>
        <ul className="flex flex-wrap gap-2" aria-label={t`Quick choice`}>
          {REPORT_PRESETS.map((preset) => {
            const range = reportRange(preset, today)
            const current = range.from === query.from && range.to === query.to && range.granularity === query.granularity
            return (
              <li key={preset}>
                <Link
                  to="/$lang/admin/reports"
                  params={{ lang }}
                  search={{ ...range, ...(query.offerId ? { offerId: query.offerId } : {}) }}
                  aria-current={current ? 'true' : undefined}
                  className={buttonClass(current ? 'primary' : 'outline', 'sm')}
                >
                  {labels.preset[preset]}
                </Link>
              </li>
            )
          })}
        </ul>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_2fr_auto] lg:items-end">
          <RangeFields idPrefix="report" from={from} to={to} onFrom={range.setFrom} onTo={range.setTo} errors={{ from: error('from'), to: error('to') }} />
          <SelectField
            id="report-granularity"
            label={t`Figures`}
            value={granularity}
            options={REPORT_GRANULARITIES.map((g) => ({ value: g, label: financeLabels.granularity[g] }))}
            onChange={(v) => range.setGranularity(v as ReportGranularity)}
          />
          <SelectField
            id="report-offer"
            label={t`Offer`}
            value={offerId}
            options={[{ value: '', label: t`All offers` }, ...(offers.data ?? []).map((o) => ({ value: o.id, label: o.title }))]}
            onChange={setOfferId}
          />
          <Button type="submit">
            <Trans>Show</Trans>
          </Button>
        </form>
        {problem?.field === 'granularity' ? (
          <p role="alert" className="font-medium text-error">
            {financeLabels.problem(problem)}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="report-figures" className="space-y-4" aria-busy={report.isFetching || undefined}>
        <h2 id="report-figures" className="text-xl font-semibold">
          {offerTitle ? (
            <Trans>
              {offerTitle}, from {fromText} to {toText}
            </Trans>
          ) : (
            <Trans>
              All offers, from {fromText} to {toText}
            </Trans>
          )}
        </h2>
        {report.data ? (
          <ReportBody report={report.data} lang={lang} />
        ) : report.isError ? (
          <p role="alert" className="font-medium text-error">
            <Trans>The report could not be loaded. Please try again.</Trans>
          </p>
        ) : null}
      </section>
    </div>
  )
}
