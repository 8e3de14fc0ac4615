import type { ReactNode } from 'react'
import { Plural, useLingui } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'

type Availability = components['schemas']['OfferAvailability']

const TONE: Record<Availability['status'], string> = {
  AVAILABLE: 'bg-success text-on-success',
  STOCK_LOW: 'bg-warning text-on-warning',
  SOLD_OUT: 'bg-error text-on-error',
  UPON_REQUEST: 'bg-secondary text-on-secondary',
}

/** The availability indicator's texts, with real plurals in each language. */
export function useAvailabilityText() {
  const { t } = useLingui()
  return (availability: Availability, kind: 'activity' | 'private'): ReactNode => {
    switch (availability.status) {
      case 'STOCK_LOW':
        return t`few places left`
      case 'SOLD_OUT':
        return t`no free places`
      case 'UPON_REQUEST':
        return t`on request`
      default:
        if (kind === 'private') return t`free dates available`
        return <Plural value={availability.datesAvailable} one="# date available" other="# dates available" />
    }
  }
}

export function AvailabilityIndicator({ availability, kind }: { availability: Availability; kind: 'activity' | 'private' }) {
  const text = useAvailabilityText()
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ${TONE[availability.status]}`} data-status={availability.status}>
      {text(availability, kind)}
    </span>
  )
}
