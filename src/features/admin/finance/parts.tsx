import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Locale } from '~/lib/locale'
import { count } from './format'

const tabClass =
  'inline-flex min-h-11 items-center rounded-t-md border-b-4 border-transparent px-4 font-medium hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 aria-[current=page]:border-primary'

/** The finance pages as tabs (links: each page has its own address). */
export function FinanceTabs({ lang }: { lang: Locale }) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Finance`} className="overflow-x-auto border-b border-gray-300">
      <ul className="flex min-w-max gap-1">
        <li>
          <Link to="/$lang/admin/finance" params={{ lang }} activeOptions={{ exact: true, includeSearch: false }} className={tabClass}>
            <Trans>Overview</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$lang/admin/finance/payments" params={{ lang }} activeOptions={{ includeSearch: false }} className={tabClass}>
            <Trans>Payments</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$lang/admin/finance/refunds" params={{ lang }} activeOptions={{ includeSearch: false }} className={tabClass}>
            <Trans>Refunds</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$lang/admin/finance/open" params={{ lang }} activeOptions={{ includeSearch: false }} className={tabClass}>
            <Trans>Open amounts</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/** The heading and tabs of every finance page. */
export function FinanceHeader({ lang, title, children }: { lang: Locale; title: string; children?: ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{title}</h1>
        {children}
      </div>
      <FinanceTabs lang={lang} />
    </div>
  )
}

/**
 * A table that scrolls sideways on a phone (the keyboard reaches it: axe
 * scrollable-region-focusable); its caption names it for screen readers and the eye.
 */
export function ScrollTable({ caption, minWidth = '48rem', children }: { caption: string; minWidth?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls: the keyboard must reach it
    <div className="overflow-x-auto rounded-md border border-gray-300" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-left" style={{ minWidth }}>
        <caption className="px-2 py-2 text-left text-lg font-semibold">{caption}</caption>
        {children}
      </table>
    </div>
  )
}

export const th = 'border-b-2 border-gray-400 p-2 font-semibold'
export const thNumber = `${th} text-right`
export const td = 'border-b border-gray-300 p-2 align-top'
export const tdNumber = `${td} text-right tabular-nums whitespace-nowrap`

/** Page n of m with previous/next links (made by `link`, keeping the filters); the rows shown are said in words. */
export function Pager({ page, perPage, total, lang, link }: { page: number; perPage: number; total: number; lang: Locale; link: (page: number, rel: 'prev' | 'next') => ReactNode }) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / perPage))
  const firstText = count(total === 0 ? 0 : (page - 1) * perPage + 1, lang)
  const lastText = count(Math.min(total, page * perPage), lang)
  const totalText = count(total, lang)
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-between gap-4">
      <p>
        <Trans>
          {firstText}–{lastText} of {totalText}
        </Trans>
      </p>
      <ul className="flex gap-2">
        {page > 1 ? <li>{link(page - 1, 'prev')}</li> : null}
        {page < pages ? <li>{link(page + 1, 'next')}</li> : null}
      </ul>
    </nav>
  )
}

export const pagerLinkClass =
  'inline-flex min-h-11 items-center rounded-md border border-gray-400 px-4 font-medium hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2'

/** The booking a row belongs to: its code (monospace, easy to read out) and the person's name. */
export function BookingRef({ code, name }: { code: string; name: string }) {
  return (
    <>
      <span className="font-mono font-medium">{code}</span>
      {name ? <span className="block text-sm">{name}</span> : null}
    </>
  )
}

/** "3 bookings" in the member's language. */
export function BookingCount({ value }: { value: number }) {
  return <Plural value={value} one="# booking" other="# bookings" />
}

/** "3 bookings still owe" in the member's language. */
export function OwingCount({ value }: { value: number }) {
  return <Plural value={value} one="# booking still owes" other="# bookings still owe" />
}
