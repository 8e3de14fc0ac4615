import { useLingui } from '@lingui/react/macro'
import type { FinanceAgeBucket, FinancePaymentSource, FinancePaymentStatus, FinanceRefundReason, FinanceRefundStatus, Granularity } from '~/api/admin-finance.queries'
import type { RangePreset, RangeProblem } from './ranges'

/** The finance pages' words in the member's language. */
export function useFinanceLabels() {
  const { t } = useLingui()
  const paymentStatus: Record<FinancePaymentStatus, string> = { pending: t`Pending`, succeeded: t`Succeeded`, failed: t`Failed`, cancelled: t`Abandoned` }
  const refundStatus: Record<FinanceRefundStatus, string> = { pending: t`Pending`, succeeded: t`Succeeded`, failed: t`Failed` }
  const source: Record<FinancePaymentSource, string> = { checkout: t`Checkout`, link: t`Payment link`, staff: t`Recorded by staff` }
  const reason: Record<FinanceRefundReason, string> = {
    staff_cancel: t`Cancelled by the staff`,
    session_cancelled: t`Date cancelled`,
    visitor_cancel: t`Cancelled by the visitor`,
    late_payment: t`Paid after cancellation`,
    move: t`Moved to another date`,
  }
  const bucket: Record<FinanceAgeBucket, string> = { days0to7: t`0–7 days`, days8to30: t`8–30 days`, days31plus: t`31 days and more` }
  const granularity: Record<Granularity, string> = { day: t`Per day`, week: t`Per week`, month: t`Per month` }
  const preset: Record<RangePreset, string> = { thisMonth: t`This month`, lastMonth: t`Last month`, last30Days: t`Last 30 days`, thisYear: t`This year`, lastYear: t`Last year` }
  const bookingPaymentMethod: Record<string, string> = {
    PAY_NOW: t`Pay now`,
    PAY_LATER: t`Pay later`,
    PAY_ON_SITE: t`Pay on site`,
    PAY_LATER_OR_ON_SITE: t`Pay later or on site`,
  }
  const providers: Record<string, string> = { sandbox: t`Sandbox (test payments)`, on_site: t`On site` }
  const methods: Record<string, string> = { cash: t`Cash`, card: t`Card`, transfer: t`Bank transfer`, other: t`Other` }
  const problem = (p: RangeProblem | null): string | undefined => {
    if (!p) return undefined
    switch (p.code) {
      case 'required':
        return t`Enter a date.`
      case 'range.reversed':
        return t`The end must not be before the start.`
      case 'range.too_long':
        return t`Choose at most 400 days.`
      case 'range.too_many_periods':
        return t`Too many periods: at most 120. Choose weeks or months, or a shorter range.`
    }
  }
  return {
    paymentStatus,
    refundStatus,
    source,
    reason,
    bucket,
    granularity,
    preset,
    bookingPaymentMethod: (m: string) => bookingPaymentMethod[m] ?? m,
    provider: (p: string) => providers[p] ?? p,
    method: (m: string | null) => (m === null ? '—' : (methods[m] ?? m)),
    problem,
  }
}

export type FinanceLabels = ReturnType<typeof useFinanceLabels>
