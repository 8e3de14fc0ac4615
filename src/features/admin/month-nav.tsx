import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { addMonths } from './sessions/month'

/** The next (+1) or previous (-1) month of 'YYYY-MM'. */
export const stepMonth = (month: string, n: number) => addMonths(`${month}-01`, n).slice(0, 7)

/** A month page's heading between "Previous month" and "Next month" (availability, working time); the heading is read out when it changes. */
export function MonthNav(props: { month: string; headingId: string; children: ReactNode; onMonth: (month: string) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Button variant="gray" onClick={() => props.onMonth(stepMonth(props.month, -1))}>
        <span aria-hidden="true">←</span> <Trans>Previous month</Trans>
      </Button>
      <h2 id={props.headingId} className="text-xl font-semibold" aria-live="polite">
        {props.children}
      </h2>
      <Button variant="gray" onClick={() => props.onMonth(stepMonth(props.month, 1))}>
        <Trans>Next month</Trans> <span aria-hidden="true">→</span>
      </Button>
    </div>
  )
}
