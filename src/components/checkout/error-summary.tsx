import type { Ref } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { stepOfField } from '~/machines/checkout/checkout.errors'
import type { CheckoutContext, CheckoutStep } from '~/machines/checkout/checkout.types'
import { fieldId, inPageOrder } from './field-ids'
import { useFieldLabels } from './field-labels'

export type ErrorSummaryEntry = { path: string; id: string; text: string }

/** The errors of the step shown, in the order of the page, each named by its field ("E-mail: Please enter …") and linking to it. */
export function useErrorSummaryEntries(
  ctx: Pick<CheckoutContext, 'cart' | 'fieldErrors'>,
  step: CheckoutStep | 'done',
  fieldError: (path: string) => string | undefined,
): ErrorSummaryEntry[] {
  const { t } = useLingui()
  const labels = useFieldLabels()
  if (step === 'done') return []
  const paths = Object.keys(ctx.fieldErrors).filter((path) => stepOfField(path) === step)
  return inPageOrder(
    paths,
    ctx.cart.items.map((item) => item.id),
  ).map((path) => {
    const label = labels.inSummary(path, ctx.cart)
    const message = fieldError(path) ?? ''
    return { path, id: fieldId(path), text: t`${label}: ${message}` }
  })
}

/**
 * The errors of a step at its top (the GOV.UK error summary): a list of links, each to its field
 * (a click focuses the field). The form focuses it after a failed "Continue" or "Book now"
 * (`ref`); `role="alert"` announces it when it appears.
 */
export function ErrorSummary({ entries, ref }: { entries: ErrorSummaryEntry[]; ref?: Ref<HTMLDivElement> }) {
  if (!entries.length) return null
  return (
    <div ref={ref} tabIndex={-1} className="mt-4 rounded-md border-2 border-error p-4 focus:outline-3 focus:outline-offset-2 focus:outline-accent" data-testid="error-summary">
      <div role="alert">
        <h3 className="text-lg font-semibold">
          <Trans>Please check your entries</Trans>
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {entries.map((entry) => (
            <li key={entry.path}>
              <a
                href={`#${entry.id}`}
                className="font-medium text-error underline"
                onClick={(event) => {
                  const field = document.getElementById(entry.id)
                  if (!field) return
                  event.preventDefault()
                  field.focus()
                  field.scrollIntoView?.({ block: 'center' })
                }}
              >
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
