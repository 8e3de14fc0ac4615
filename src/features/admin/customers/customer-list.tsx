import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { CUSTOMERS_PER_PAGE, type CustomerListItem, type CustomerListSearch, type CustomerSort } from '~/api/admin-customers.queries'
import { Button } from '~/components/button'
import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { SelectField } from '../settings/general/select-field'
import { useCustomerLabels } from './labels'

type Page = { data: CustomerListItem[]; meta: { page: number; perPage: number; total: number } }

/** A day (of the last booking) in the member's language and the shop's time zone. */
export function dayText(instant: string, lang: Locale, timeZone: string) {
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeZone }).format(new Date(instant))
}

/** Search, type and order: the search is submitted, the two choices apply at once (each a new address). */
function Controls(props: { search: CustomerListSearch; onChange: (next: CustomerListSearch) => void }) {
  const { t } = useLingui()
  const labels = useCustomerLabels()
  const { search, onChange } = props
  const [text, setText] = useState(search.q ?? '')
  useEffect(() => setText(search.q ?? ''), [search.q])
  const sorts: { value: CustomerSort; label: string }[] = [
    { value: 'name', label: t`Name (A–Z)` },
    { value: '-name', label: t`Name (Z–A)` },
    { value: '-lastBooking', label: t`Latest booking first` },
    { value: 'lastBooking', label: t`Earliest booking first` },
    { value: '-booked', label: t`Booked total (highest first)` },
    { value: 'booked', label: t`Booked total (lowest first)` },
    { value: '-paid', label: t`Paid (highest first)` },
    { value: 'paid', label: t`Paid (lowest first)` },
  ]
  const base = { ...(search.type ? { type: search.type } : {}), ...(search.sort ? { sort: search.sort } : {}) }
  return (
    <div className="space-y-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          const q = text.trim()
          onChange({ ...base, ...(q ? { q } : {}) })
        }}
      >
        <div className="min-w-64 flex-1">
          <label htmlFor="customers-search" className="block font-medium">
            <Trans>Search by name, company, e-mail or phone</Trans>
          </label>
          <input
            id="customers-search"
            type="search"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900"
          />
        </div>
        <Button type="submit">{t`Search`}</Button>
        {search.q ? (
          <Button
            variant="gray"
            onClick={() => {
              setText('')
              onChange(base)
            }}
          >
            {t`Clear search`}
          </Button>
        ) : null}
      </form>
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          id="customers-type"
          label={t`Type`}
          value={search.type ?? ''}
          options={[
            { value: '', label: t`All customers` },
            { value: 'PRIVATE', label: labels.type.PRIVATE },
            { value: 'COMPANY', label: labels.type.COMPANY },
          ]}
          onChange={(value) => onChange({ ...(search.q ? { q: search.q } : {}), ...(search.sort ? { sort: search.sort } : {}), ...(value ? { type: value as 'PRIVATE' | 'COMPANY' } : {}) })}
        />
        <SelectField
          id="customers-sort"
          label={t`Sort by`}
          value={search.sort ?? 'name'}
          options={sorts}
          onChange={(value) =>
            onChange({ ...(search.q ? { q: search.q } : {}), ...(search.type ? { type: search.type } : {}), ...(value !== 'name' ? { sort: value as CustomerSort } : {}) })
          }
        />
      </div>
    </div>
  )
}

/** The name a customer is listed under: the company (with the contact person) or the person. */
export function CustomerName(props: { customer: Pick<CustomerListItem, 'type' | 'company' | 'person'>; erased: boolean }) {
  const { customer } = props
  if (props.erased) return <Trans>Erased customer</Trans>
  const person = `${customer.person.firstname} ${customer.person.surname}`.trim()
  return customer.type === 'COMPANY' && customer.company ? (
    <>
      {customer.company} <span className="font-normal">({person})</span>
    </>
  ) : (
    <>{person}</>
  )
}

/**
 * The shop's customers: who, how to reach them, how many bookings, booked and paid totals, and
 * the last booking. A table that scrolls sideways on a phone, paged on the server.
 */
export function CustomerList(props: { page: Page; lang: Locale; timeZone: string; search: CustomerListSearch; onChange: (next: CustomerListSearch) => void }) {
  const { t } = useLingui()
  const labels = useCustomerLabels()
  const { page, lang, timeZone, search } = props
  const pages = Math.max(1, Math.ceil(page.meta.total / CUSTOMERS_PER_PAGE))
  const current = page.meta.page
  const pageSearch = (n: number) => ({ ...search, ...(n > 1 ? { page: n } : { page: undefined }) })
  return (
    <div className="space-y-4">
      <Controls search={search} onChange={props.onChange} />
      <p role="status" className="text-sm" data-testid="customers-count">
        {page.meta.total === 0 ? (
          search.q || search.type ? (
            <Trans>No customer matches your search.</Trans>
          ) : (
            <Trans>No customers yet: each booking adds its customer here.</Trans>
          )
        ) : (
          <Plural value={page.meta.total} one="# customer" other="# customers" />
        )}
      </p>
      {page.data.length ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls: the keyboard must reach it (axe scrollable-region-focusable)
        <div className="overflow-x-auto" role="region" aria-label={t`Customers`} tabIndex={0}>
          <table className="w-full min-w-[48rem] border-collapse text-left" data-testid="customers-table">
            <thead>
              <tr className="border-b-2 border-gray-400">
                <th scope="col" className="p-2">{t`Customer`}</th>
                <th scope="col" className="p-2">{t`Contact`}</th>
                <th scope="col" className="p-2 text-right">{t`Bookings`}</th>
                <th scope="col" className="p-2 text-right">{t`Booked`}</th>
                <th scope="col" className="p-2 text-right">{t`Paid`}</th>
                <th scope="col" className="p-2">{t`Last booking`}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((c) => (
                <tr key={c.id} className="border-b border-gray-300 align-top" data-testid="customer-row">
                  <th scope="row" className="p-2 font-semibold">
                    <Link to="/$lang/admin/crm/customers/$customerId" params={{ lang, customerId: c.id }} className="underline">
                      <CustomerName customer={c} erased={c.erased} />
                    </Link>
                    <span className="block text-sm font-normal">{labels.type[c.type]}</span>
                  </th>
                  <td className="p-2 text-sm">
                    {c.erased ? (
                      '—'
                    ) : (
                      <>
                        <span className="block break-all">{c.email}</span>
                        {c.phone ? <span className="block">{c.phone}</span> : null}
                      </>
                    )}
                  </td>
                  <td className="p-2 text-right tabular-nums">{c.totals.bookings}</td>
                  <td className="p-2 text-right tabular-nums">{formatMoney(c.totals.booked, lang)}</td>
                  <td className="p-2 text-right tabular-nums">{formatMoney(c.totals.paid, lang)}</td>
                  <td className="p-2">{c.lastBookingAt ? dayText(c.lastBookingAt, lang, timeZone) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav aria-label={t`Pages`} className="flex flex-wrap items-center gap-4">
          {current > 1 ? (
            <Link to="/$lang/admin/crm/customers" params={{ lang }} search={pageSearch(current - 1)} className="inline-flex min-h-11 items-center underline">
              {t`Previous page`}
            </Link>
          ) : null}
          <span>{t`Page ${current} of ${pages}`}</span>
          {current < pages ? (
            <Link to="/$lang/admin/crm/customers" params={{ lang }} search={pageSearch(current + 1)} className="inline-flex min-h-11 items-center underline">
              {t`Next page`}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
