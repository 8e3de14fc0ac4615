import { Plural, Trans } from '@lingui/react/macro'

/**
 * How many guides a date has of those it needs (planning). A date without enough guides says so
 * in words ("No guide yet", "1 of 2 guides") with a marked frame and a sign, never by colour
 * alone; a cancelled date needs none (a dash).
 */
export function GuidesStaffing(props: { needed: number; assigned: number; cancelled: boolean }) {
  const { needed, assigned, cancelled } = props
  if (cancelled) {
    return (
      <span data-testid="dashboard-guides" data-understaffed="false">
        –
      </span>
    )
  }
  const short = assigned < needed
  const text =
    assigned === 0 ? (
      <Trans>No guide yet</Trans>
    ) : (
      <Plural value={needed} one={`${assigned} of # guide`} other={`${assigned} of # guides`} />
    )
  if (!short) {
    return (
      <span data-testid="dashboard-guides" data-understaffed="false">
        {text}
      </span>
    )
  }
  return (
    <strong data-testid="dashboard-guides" data-understaffed="true" className="inline-flex items-center gap-1 rounded border-2 border-gray-900 px-1.5 font-semibold">
      <span aria-hidden="true">⚠</span>
      {text}
    </strong>
  )
}
