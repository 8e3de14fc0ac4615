import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import type { OfferListSearch } from '~/api/offers.queries'
import { Button } from '~/components/button'

type FilterConfig = components['schemas']['FilterConfig']

/** The 'Find an appointment' teaser: date range, type of offer and free text, as the shop allows. */
export function FindAppointment({
  filterConfig,
  search,
  onSearch,
  className = 'relative z-10 mx-auto -mt-10 max-w-6xl px-4',
}: {
  filterConfig: FilterConfig
  search: OfferListSearch
  onSearch: (search: OfferListSearch) => void
  className?: string
}) {
  const { t } = useLingui()
  const [from, setFrom] = useState(search.from ?? '')
  const [to, setTo] = useState(search.to ?? '')
  const [type, setType] = useState(search.type ?? '')
  const [q, setQ] = useState(search.q ?? '')
  const [error, setError] = useState<string | null>(null)
  if (!filterConfig.dateRange && !filterConfig.type && !filterConfig.text) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (from && to && to < from) {
      setError(t`The end date must not be before the start date.`)
      return
    }
    setError(null)
    onSearch({
      from: from || undefined,
      to: to || undefined,
      type: (type || undefined) as OfferListSearch['type'],
      q: q.trim() || undefined,
    })
  }

  const field = 'mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900'
  return (
    <section aria-labelledby="find-appointment" className={className}>
      <form onSubmit={submit} className="rounded-lg bg-surface p-4 text-on-surface shadow-md ring-1 ring-black/10" noValidate>
        <h2 id="find-appointment" className="text-xl font-semibold">
          <Trans>Find an appointment</Trans>
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {filterConfig.text ? (
            <label className="lg:col-span-2">
              <span className="text-sm font-medium">
                <Trans>What would you like to do?</Trans>
              </span>
              <input type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} className={field} />
            </label>
          ) : null}
          {filterConfig.dateRange ? (
            <>
              <label>
                <span className="text-sm font-medium">
                  <Trans>From</Trans>
                </span>
                <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} className={field} />
              </label>
              <label>
                <span className="text-sm font-medium">
                  <Trans>Until</Trans>
                </span>
                <input
                  type="date"
                  name="to"
                  value={to}
                  min={from || undefined}
                  onChange={(e) => setTo(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'find-appointment-error' : undefined}
                  className={field}
                />
              </label>
            </>
          ) : null}
          {filterConfig.type ? (
            <label>
              <span className="text-sm font-medium">
                <Trans>Type of offer</Trans>
              </span>
              <select name="type" value={type} onChange={(e) => setType(e.target.value)} className={field}>
                <option value="">{t`All offers`}</option>
                <option value="activity">{t`Group activities`}</option>
                <option value="private">{t`Private services`}</option>
              </select>
            </label>
          ) : null}
        </div>
        {error ? (
          <p id="find-appointment-error" role="alert" className="mt-3 font-medium text-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="mt-4">
          <Trans>Search</Trans>
        </Button>
      </form>
    </section>
  )
}
