import type { ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { FinanceFigures, FinanceTotals } from '~/api/admin-finance.queries'
import type { Locale } from '~/lib/locale'
import { count, money } from './format'
import type { FinanceLabels } from './labels'
import { ScrollTable, td, tdNumber, th, thNumber } from './parts'
import { usePeriodNames } from './period-name'

/** Received, refunded and net of the whole range, large. */
export function TotalsSummary({ totals, lang }: { totals: FinanceTotals; lang: Locale }) {
  const { t } = useLingui()
  const m = (amount: number) => money({ amount, currency: totals.currency }, lang)
  const payments = totals.total.payments
  const refunds = totals.total.refunds
  const items: { label: string; value: string; detail: ReactNode }[] = [
    { label: t`Received`, value: m(totals.total.received), detail: <Plural value={payments} one="# payment" other="# payments" /> },
    { label: t`Refunded`, value: m(totals.total.refunded), detail: <Plural value={refunds} one="# refund" other="# refunds" /> },
    { label: t`Net`, value: m(totals.total.net), detail: t`Received less refunded` },
  ]
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map((item, i) => (
        <div key={item.label} className="rounded-md border border-gray-300 p-4">
          <dt className="font-medium">{item.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`finance-total-${['received', 'refunded', 'net'][i]}`}>
            {item.value}
          </dd>
          <dd className="text-sm">{item.detail}</dd>
        </div>
      ))}
    </dl>
  )
}

function FigureCells({ figures, currency, lang }: { figures: FinanceFigures; currency: string; lang: Locale }) {
  const m = (amount: number) => money({ amount, currency }, lang)
  return (
    <>
      <td className={tdNumber}>{m(figures.received)}</td>
      <td className={tdNumber}>{m(figures.refunded)}</td>
      <td className={`${tdNumber} font-semibold`}>{m(figures.net)}</td>
      <td className={tdNumber}>{count(figures.payments, lang)}</td>
      <td className={tdNumber}>{count(figures.refunds, lang)}</td>
    </>
  )
}

function FigureHeads() {
  const { t } = useLingui()
  return (
    <>
      <th scope="col" className={thNumber}>{t`Received`}</th>
      <th scope="col" className={thNumber}>{t`Refunded`}</th>
      <th scope="col" className={thNumber}>{t`Net`}</th>
      <th scope="col" className={thNumber}>{t`Payments`}</th>
      <th scope="col" className={thNumber}>{t`Refunds`}</th>
    </>
  )
}

/** Every period of the range (empty ones too), earliest first. */
export function PeriodTable({ totals, lang, labels }: { totals: FinanceTotals; lang: Locale; labels: FinanceLabels }) {
  const { t } = useLingui()
  const name = usePeriodNames(totals.granularity, lang).long
  return (
    <ScrollTable caption={`${t`Totals`} – ${labels.granularity[totals.granularity]}`}>
      <thead>
        <tr>
          <th scope="col" className={th}>{t`Period`}</th>
          <FigureHeads />
        </tr>
      </thead>
      <tbody>
        {totals.periods.map((p) => (
          <tr key={p.key} className={p.figures.payments + p.figures.refunds === 0 ? 'text-gray-700' : undefined}>
            <th scope="row" className={`${td} font-medium`}>
              <time dateTime={p.start}>{name(p)}</time>
            </th>
            <FigureCells figures={p.figures} currency={totals.currency} lang={lang} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row" className={td}>{t`Total`}</th>
          <FigureCells figures={totals.total} currency={totals.currency} lang={lang} />
        </tr>
      </tfoot>
    </ScrollTable>
  )
}

/** Per provider and payment method, most received first. */
export function MethodTable({ totals, lang, labels }: { totals: FinanceTotals; lang: Locale; labels: FinanceLabels }) {
  const { t } = useLingui()
  if (totals.methods.length === 0) {
    return (
      <p>
        <Trans>No payments or refunds in this period.</Trans>
      </p>
    )
  }
  return (
    <ScrollTable caption={t`Per payment method`}>
      <thead>
        <tr>
          <th scope="col" className={th}>{t`Provider`}</th>
          <th scope="col" className={th}>{t`Method`}</th>
          <FigureHeads />
        </tr>
      </thead>
      <tbody>
        {totals.methods.map((m) => (
          <tr key={`${m.provider}|${m.method ?? ''}`}>
            <th scope="row" className={`${td} font-medium`}>{labels.provider(m.provider)}</th>
            <td className={td}>{labels.method(m.method)}</td>
            <FigureCells figures={m.figures} currency={totals.currency} lang={lang} />
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
