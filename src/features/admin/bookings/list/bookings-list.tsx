import { useEffect, useId, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { bookingsExportHref, type BookingListAnswer, type BookingListItem, type BookingListSort } from '~/api/admin-bookings-list.queries'
import { Button } from '~/components/button'
import { INTL_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { shortDay } from '../../sessions/format'
import { useBookingListLabels } from './labels'
import { BOOKING_STATUSES, PAYMENT_FILTERS, toListQuery, type BookingListSearch } from './search'

type Offer = { id: string; title: string }

type Props = {
  page: BookingListAnswer
  offers: Offer[]
  lang: Locale
  timeZone: string
  search: BookingListSearch
  /** Shows the list with this search (a new address: reload and back keep it). */
  onSearch: (search: BookingListSearch) => void
}

const field = 'mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900'

/** When it was booked, in the shop's time zone and the member's language. */
const bookedAt = (instant: string, lang: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(instant))

/** The first booked date: "Tue, 10.03.2026, 09:00" (already the shop's day and time). */
const firstDate = (b: BookingListItem, lang: Locale) => (b.firstStart ? `${shortDay(b.firstStart.date, lang)}, ${b.firstStart.time}` : '—')

/** Search by code, name, e-mail or phone: submitted with Enter (or the button); the text stays. */
function SearchForm(props: { value: string; onSearch: (q: string) => void }) {
  const { t } = useLingui()
  const [text, setText] = useState(props.value)
  useEffect(() => setText(props.value), [props.value])
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        props.onSearch(text.trim())
      }}
    >
      <div className="min-w-64 flex-1">
        <label htmlFor="bookings-search" className="block font-medium">
          <Trans>Search by code, name, e-mail or phone</Trans>
        </label>
        <input
          id="bookings-search"
          type="search"
          name="q"
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          className={field}
          data-testid="bookings-search"
        />
      </div>
      <Button type="submit">{t`Search`}</Button>
      {props.value ? (
        <Button
          variant="gray"
          onClick={() => {
            setText('')
            props.onSearch('')
          }}
        >
          {t`Clear search`}
        </Button>
      ) : null}
    </form>
  )
}

/** The filters: offer, booked dates, status (several), payment state and kind; applied together. */
function Filters(props: { search: BookingListSearch; offers: Offer[]; onApply: (filters: Partial<BookingListSearch>) => void }) {
  const { t } = useLingui()
  const labels = useBookingListLabels()
  const id = useId()
  const { search } = props
  const [offerId, setOfferId] = useState(search.offerId ?? '')
  const [from, setFrom] = useState(search.from ?? '')
  const [to, setTo] = useState(search.to ?? '')
  const [status, setStatus] = useState<string[]>(search.status ?? [])
  const [payment, setPayment] = useState(search.payment?.[0] ?? '')
  const [mode, setMode] = useState(search.mode ?? '')
  useEffect(() => {
    setOfferId(search.offerId ?? '')
    setFrom(search.from ?? '')
    setTo(search.to ?? '')
    setStatus(search.status ?? [])
    setPayment(search.payment?.[0] ?? '')
    setMode(search.mode ?? '')
  }, [search.offerId, search.from, search.to, search.status, search.payment, search.mode])
  const apply = (e: FormEvent) => {
    e.preventDefault()
    props.onApply({
      offerId: offerId || undefined,
      from: from || undefined,
      to: to || undefined,
      status: status.length ? (status as BookingListSearch['status']) : undefined,
      payment: payment ? ([payment] as BookingListSearch['payment']) : undefined,
      mode: (mode || undefined) as BookingListSearch['mode'],
    })
  }
  const active = !!(search.offerId || search.from || search.to || search.status || search.payment || search.mode)
  return (
    <form onSubmit={apply} aria-labelledby={`${id}-title`} className="space-y-4 rounded-md border border-gray-300 p-4" data-testid="bookings-filters">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Filters</Trans>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <label htmlFor={`${id}-offer`} className="block font-medium">
            <Trans>Offer</Trans>
          </label>
          <select id={`${id}-offer`} value={offerId} onChange={(e) => setOfferId(e.target.value)} className={field}>
            <option value="">{t`All offers`}</option>
            {props.offers.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-from`} className="block font-medium">
            <Trans>Dates from</Trans>
          </label>
          <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block font-medium">
            <Trans>Dates until</Trans>
          </label>
          <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-payment`} className="block font-medium">
            <Trans>Payment</Trans>
          </label>
          <select id={`${id}-payment`} value={payment} onChange={(e) => setPayment(e.target.value)} className={field}>
            <option value="">{t`Any`}</option>
            {PAYMENT_FILTERS.map((p) => (
              <option key={p} value={p}>
                {labels.paymentFilter[p]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-mode`} className="block font-medium">
            <Trans>Kind</Trans>
          </label>
          <select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.target.value)} className={field}>
            <option value="">{t`Bookings and requests`}</option>
            <option value="order">{t`Bookings only`}</option>
            <option value="request">{t`Requests only`}</option>
          </select>
        </div>
        <fieldset className="sm:col-span-2 lg:col-span-4">
          <legend className="font-medium">
            <Trans>Status</Trans>
          </legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {BOOKING_STATUSES.map((s) => (
              <label key={s} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={status.includes(s)}
                  onChange={(e) => setStatus(e.target.checked ? [...status, s] : status.filter((x) => x !== s))}
                />
                {labels.status[s]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t`Apply filters`}</Button>
        {active ? (
          <Button variant="gray" onClick={() => props.onApply({ offerId: undefined, from: undefined, to: undefined, status: undefined, payment: undefined, mode: undefined })}>
            {t`Reset filters`}
          </Button>
        ) : null}
      </div>
    </form>
  )
}

/** A column header that sorts: a button; the header says the current order (`aria-sort`). */
function SortHeader(props: { column: BookingListSort; label: string; search: BookingListSearch; onSort: (sort: BookingListSort, order: 'asc' | 'desc') => void; className?: string }) {
  const current = (props.search.sort ?? 'createdAt') === props.column
  const order = props.search.order ?? 'desc'
  const next = current ? (order === 'asc' ? 'desc' : 'asc') : props.column === 'name' ? 'asc' : 'desc'
  return (
    <th scope="col" className={`p-2 ${props.className ?? ''}`} aria-sort={current ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-2 hover:underline" onClick={() => props.onSort(props.column, next)}>
        {props.label}
        <span aria-hidden="true">{current ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  )
}

function PaymentCell({ b, lang }: { b: BookingListItem; lang: Locale }) {
  const labels = useBookingListLabels()
  const open = formatMoney(b.openAmount, lang)
  return (
    <>
      <span className="block">{labels.paymentState[b.paymentState]}</span>
      {b.openAmount.amount > 0 && (b.paymentState === 'unpaid' || b.paymentState === 'partially_paid') ? (
        <span className="block text-sm">
          <Trans>Open: {open}</Trans>
        </span>
      ) : null}
    </>
  )
}

/**
 * Sales → Bookings: search, filters, sortable columns, pages of 25 and the CSV export of the
 * same selection. A table on wide screens, a list of cards on a phone.
 */
export function BookingsList(props: Props) {
  const { t } = useLingui()
  const labels = useBookingListLabels()
  const { page, lang, timeZone, search } = props
  const { total, perPage } = page.meta
  const current = page.meta.page
  const first = total === 0 ? 0 : (current - 1) * perPage + 1
  const last = Math.min(total, (current - 1) * perPage + page.data.length)
  const pages = Math.max(1, Math.ceil(total / perPage))
  const filtered = !!(search.q || search.offerId || search.from || search.to || search.status || search.payment || search.mode)
  const { page: _page, ...withoutPage } = search
  const go = (changes: Partial<BookingListSearch>) => props.onSearch({ ...withoutPage, ...changes })
  const sort = (column: BookingListSort, order: 'asc' | 'desc') => go({ sort: column === 'createdAt' ? undefined : column, order: order === 'desc' ? undefined : order })
  const exportHref = bookingsExportHref(toListQuery(withoutPage), lang)
  const tooMany = total > page.meta.exportLimit
  const range = `${first}–${last}`
  const fmtTotal = new Intl.NumberFormat(INTL_LOCALE[lang]).format(total)
  const limit = new Intl.NumberFormat(INTL_LOCALE[lang]).format(page.meta.exportLimit)
  return (
    <div className="space-y-4">
      <SearchForm value={search.q ?? ''} onSearch={(q) => go({ q: q || undefined })} />
      <Filters search={search} offers={props.offers} onApply={(filters) => go(filters)} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="font-medium" data-testid="bookings-count">
          {total === 0 ? (
            filtered ? (
              <Trans>No booking matches your search and filters.</Trans>
            ) : (
              <Trans>No bookings yet.</Trans>
            )
          ) : (
            <Trans>
              {range} of {fmtTotal}
            </Trans>
          )}
        </p>
        {total > 0 ? (
          tooMany ? (
            <p className="text-sm" data-testid="bookings-export-too-many">
              <Trans>The CSV export holds at most {limit} bookings: narrow the filters (e.g. a date range) to export.</Trans>
            </p>
          ) : (
            <a href={exportHref} download className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary hover:bg-primary hover:text-on-primary" data-testid="bookings-export">
              <Trans>Download as CSV</Trans>
            </a>
          )
        ) : null}
      </div>

      {page.data.length ? (
        <>
          {/* Phones: one card per booking. */}
          <ul className="space-y-3 md:hidden" aria-label={t`Bookings`} data-testid="bookings-cards">
            {page.data.map((b) => (
              <li key={b.code} className="rounded-md border border-gray-300 p-3">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to="/$lang/admin/sales/bookings/$code" params={{ lang, code: b.code }} className="font-mono font-semibold underline">
                    {b.code}
                  </Link>
                  <span className="text-sm">{labels.status[b.status]}</span>
                </p>
                <p className="font-medium">
                  {b.person.firstname} {b.person.surname}
                  {b.company ? <span className="font-normal"> · {b.company}</span> : null}
                </p>
                <p className="text-sm">{b.offers.join(', ')}</p>
                <p className="text-sm">{firstDate(b, lang)}</p>
                <p className="flex flex-wrap justify-between gap-2 text-sm">
                  <span>{formatMoney(b.total, lang)}</span>
                  <span>{labels.paymentState[b.paymentState]}</span>
                </p>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table (it scrolls sideways when narrower than its columns). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than the screen scrolls: the keyboard must reach it (axe scrollable-region-focusable) */}
          <div className="hidden overflow-x-auto md:block" role="region" aria-label={t`Bookings`} tabIndex={0}>
            <table className="w-full min-w-[60rem] border-collapse text-left" data-testid="bookings-table">
              <caption className="sr-only">
                <Trans>Bookings, {range} of {fmtTotal}</Trans>
              </caption>
              <thead>
                <tr className="border-b-2 border-gray-400">
                  <th scope="col" className="p-2">{t`Code`}</th>
                  <SortHeader column="name" label={t`Name`} search={search} onSort={sort} />
                  <th scope="col" className="p-2">{t`Offers`}</th>
                  <SortHeader column="startsAt" label={t`First date`} search={search} onSort={sort} />
                  <SortHeader column="createdAt" label={t`Booked on`} search={search} onSort={sort} />
                  <th scope="col" className="p-2 text-right">{t`Participants`}</th>
                  <SortHeader column="total" label={t`Total`} search={search} onSort={sort} className="text-right" />
                  <th scope="col" className="p-2">{t`Payment`}</th>
                  <th scope="col" className="p-2">{t`Status`}</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((b) => (
                  <tr key={b.code} className="border-b border-gray-300 align-top" data-testid="booking-row">
                    <td className="p-2">
                      <Link to="/$lang/admin/sales/bookings/$code" params={{ lang, code: b.code }} className="font-mono font-semibold underline">
                        {b.code}
                      </Link>
                      <span className="block text-sm">{b.mode === 'request' ? labels.mode.request : labels.mode.order}</span>
                    </td>
                    <th scope="row" className="p-2 font-normal">
                      <span className="block font-medium">
                        {b.person.firstname} {b.person.surname}
                      </span>
                      {b.company ? <span className="block text-sm">{b.company}</span> : null}
                      <span className="block text-sm break-all">{b.email}</span>
                      {b.phone ? <span className="block text-sm">{b.phone}</span> : null}
                    </th>
                    <td className="p-2">{b.offers.join(', ')}</td>
                    <td className="p-2 whitespace-nowrap">{firstDate(b, lang)}</td>
                    <td className="p-2">
                      {bookedAt(b.createdAt, lang, timeZone)}
                      {b.channel === 'embed' ? <span className="block text-sm">{labels.channel.embed}</span> : null}
                    </td>
                    <td className="p-2 text-right">{b.participants}</td>
                    <td className="p-2 text-right whitespace-nowrap">{formatMoney(b.total, lang)}</td>
                    <td className="p-2">
                      <PaymentCell b={b} lang={lang} />
                    </td>
                    <td className="p-2">{labels.status[b.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}

      {pages > 1 ? (
        <nav aria-label={t`Pages of the bookings list`} className="flex flex-wrap items-center gap-3">
          {current > 1 ? (
            <Link
              to="/$lang/admin/sales/bookings"
              params={{ lang }}
              search={{ ...withoutPage, ...(current > 2 ? { page: current - 1 } : {}) }}
              className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary hover:bg-primary hover:text-on-primary"
              rel="prev"
            >
              <Trans>Previous</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>
              {range} of {fmtTotal}
            </Trans>
          </span>
          {current < pages ? (
            <Link
              to="/$lang/admin/sales/bookings"
              params={{ lang }}
              search={{ ...withoutPage, page: current + 1 }}
              className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary hover:bg-primary hover:text-on-primary"
              rel="next"
            >
              <Trans>Next</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
