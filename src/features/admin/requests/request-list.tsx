import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { REQUESTS_PER_PAGE, type RequestFilter, type RequestListSearch, type StaffRequestListItem } from '~/api/admin-requests.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { instantText, itemWhen } from './format'
import { useRequestLabels } from './labels'

type Page = { data: StaffRequestListItem[]; meta: { page: number; perPage: number; total: number } }

/** The "New" mark of an unseen request: a word, not a colour only. */
export function NewMark() {
  return (
    <span className="rounded bg-gray-900 px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white" data-testid="request-new">
      <Trans>New</Trans>
    </span>
  )
}

/** Show: all, open, answered (links, so each filter has its own address and the back button works). */
function Filters(props: { lang: Locale; search: RequestListSearch }) {
  const { t } = useLingui()
  const options: { value: RequestFilter | undefined; label: string }[] = [
    { value: undefined, label: t`All` },
    { value: 'open', label: t`Open` },
    { value: 'answered', label: t`Answered` },
  ]
  return (
    <nav aria-label={t`Show requests`}>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const current = (props.search.status ?? undefined) === o.value
          return (
            <li key={o.label}>
              <Link
                to="/$lang/admin/sales/requests"
                params={{ lang: props.lang }}
                search={{ ...(o.value ? { status: o.value } : {}), ...(props.search.q ? { q: props.search.q } : {}) }}
                aria-current={current ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-md border-2 border-primary px-4 font-medium text-primary hover:bg-primary hover:text-on-primary aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
              >
                {o.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Search by code, name or e-mail address: submitted as the page's `q`. */
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
        <label htmlFor="requests-search" className="block font-medium">
          <Trans>Search by code, name or e-mail</Trans>
        </label>
        <input
          id="requests-search"
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900"
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

/**
 * The inbox: unseen requests first (bold, with a "New" label), then newest first; who asked,
 * for what and when, the total, the state and when it was answered. A table that scrolls
 * sideways on a phone, paged on the server.
 */
export function RequestList(props: { page: Page; lang: Locale; timeZone: string; search: RequestListSearch; onSearch: (q: string) => void }) {
  const { t } = useLingui()
  const labels = useRequestLabels()
  const { page, lang, timeZone, search } = props
  const pages = Math.max(1, Math.ceil(page.meta.total / REQUESTS_PER_PAGE))
  const total = page.meta.total
  const current = page.meta.page
  return (
    <div className="space-y-4">
      <Filters lang={lang} search={search} />
      <SearchForm value={search.q ?? ''} onSearch={props.onSearch} />
      <p role="status" className="text-sm">
        {page.meta.total === 0 ? (
          search.q ? (
            <Trans>No request matches your search.</Trans>
          ) : (
            <Trans>No requests here.</Trans>
          )
        ) : (
          <Plural value={total} one="# request" other="# requests" />
        )}
      </p>
      {page.data.length ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls: the keyboard must reach it (axe scrollable-region-focusable)
        <div className="overflow-x-auto" role="region" aria-label={t`Requests`} tabIndex={0}>
          <table className="w-full min-w-[52rem] border-collapse text-left" data-testid="requests-table">
            <thead>
              <tr className="border-b-2 border-gray-400">
                <th scope="col" className="p-2">{t`Visitor`}</th>
                <th scope="col" className="p-2">{t`Offer and date`}</th>
                <th scope="col" className="p-2">{t`Received`}</th>
                <th scope="col" className="p-2 text-right">{t`Total`}</th>
                <th scope="col" className="p-2">{t`State`}</th>
                <th scope="col" className="p-2">{t`Answered`}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((r) => (
                <tr key={r.code} className={`border-b border-gray-300 align-top ${r.seen ? '' : 'font-semibold'}`} data-testid="request-row" data-seen={r.seen}>
                  <th scope="row" className={`p-2 ${r.seen ? 'font-normal' : 'font-bold'}`}>
                    <span className="flex flex-wrap items-center gap-2">
                      {r.seen ? null : <NewMark />}
                      <Link to="/$lang/admin/sales/requests/$code" params={{ lang, code: r.code }} className="underline">
                        {r.person.firstname} {r.person.surname}
                      </Link>
                    </span>
                    <span className="block text-sm font-normal">
                      <span className="font-mono">{r.code}</span> · {r.person.email}
                    </span>
                  </th>
                  <td className="p-2">
                    <ul>
                      {r.items.map((item) => (
                        <li key={item.id}>
                          {item.offerTitle} <span className="font-normal">({item.quantity} × {item.skuTitle})</span>
                          <span className="block text-sm font-normal">
                            <time dateTime={item.start}>{itemWhen(item, lang)}</time>
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="p-2">
                    <time dateTime={r.createdAt}>{instantText(r.createdAt, lang, timeZone)}</time>
                  </td>
                  <td className="p-2 text-right tabular-nums">{formatMoney(r.total, lang)}</td>
                  <td className="p-2">{labels.status[r.status]}</td>
                  <td className="p-2">{r.repliedAt ? <time dateTime={r.repliedAt}>{instantText(r.repliedAt, lang, timeZone)}</time> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav aria-label={t`Pages`} className="flex flex-wrap items-center gap-4">
          {page.meta.page > 1 ? (
            <Link to="/$lang/admin/sales/requests" params={{ lang }} search={{ ...search, page: page.meta.page - 1 }} className="underline">
              <Trans>Previous page</Trans>
            </Link>
          ) : null}
          <span>
            <Trans>
              Page {current} of {pages}
            </Trans>
          </span>
          {page.meta.page < pages ? (
            <Link to="/$lang/admin/sales/requests" params={{ lang }} search={{ ...search, page: page.meta.page + 1 }} className="underline">
              <Trans>Next page</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
