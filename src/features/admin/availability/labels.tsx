import { useLingui } from '@lingui/react/macro'
import type { AvailabilityHalfDay, AvailabilityPart, AvailabilityValue } from '~/api/admin-availability.queries'

export type AvailabilityKey = AvailabilityValue | 'none'
export const keyOf = (value: AvailabilityValue | null): AvailabilityKey => value ?? 'none'

export const AVAILABILITY_VALUES = ['AVAILABLE', 'MAYBE', 'UNAVAILABLE'] as const satisfies readonly AvailabilityValue[]
export const AVAILABILITY_PARTS = ['DAY', 'AM', 'PM'] as const satisfies readonly AvailabilityPart[]

/** Weekdays as the API numbers them (0 Sunday … 6 Saturday), in the order of a Swiss week: Monday first (de, fr and en alike). */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

/** The words of availability (the planning board says the same, in the same context). */
export function useAvailabilityWords() {
  const { t } = useLingui()
  const value: Record<AvailabilityKey, string> = {
    AVAILABLE: t({ message: 'Available', context: 'staff availability' }),
    MAYBE: t({ message: 'Maybe', context: 'staff availability' }),
    UNAVAILABLE: t({ message: 'Unavailable', context: 'staff availability' }),
    none: t({ message: 'Not stated', context: 'staff availability' }),
  }
  const part: Record<AvailabilityPart, string> = { DAY: t`Whole day`, AM: t`Morning`, PM: t`Afternoon` }
  const half: Record<'am' | 'pm', string> = { am: t`Morning`, pm: t`Afternoon` }
  const shortHalf: Record<'am' | 'pm', string> = { am: t({ message: 'AM', context: 'morning, short' }), pm: t({ message: 'PM', context: 'afternoon, short' }) }
  /** "Morning: Maybe, from the weekly pattern – only until 11:00". */
  const describe = (which: 'am' | 'pm', h: AvailabilityHalfDay) => {
    const words = [`${half[which]}: ${value[keyOf(h.availability)]}`]
    if (h.source === 'weekly') words.push(t`from the weekly pattern`)
    const text = words.join(', ')
    return h.note ? `${text} – ${h.note}` : text
  }
  return { value, part, half, shortHalf, describe }
}

const GLYPH: Record<AvailabilityKey, string> = { AVAILABLE: '✓', MAYBE: '?', UNAVAILABLE: '✕', none: '–' }
const STYLE: Record<AvailabilityKey, string> = {
  AVAILABLE: 'border-success bg-success/15',
  MAYBE: 'border-warning bg-warning/15',
  UNAVAILABLE: 'border-error bg-error/15',
  none: 'border-gray-400 border-dashed bg-white',
}

/**
 * A sign for an answer (✓ ? ✕ –: each its own shape, the colour only repeats it); `weekly` adds
 * ↻ (from the weekly pattern). The words are the caller's (visible or for screen readers).
 */
export function AvailabilityGlyph(props: { value: AvailabilityValue | null; weekly?: boolean }) {
  const key = keyOf(props.value)
  return (
    <span aria-hidden="true" className="inline-flex items-center" data-availability={key}>
      <span className={`inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold text-gray-900 ${STYLE[key]}`}>{GLYPH[key]}</span>
      {props.weekly ? <span className="ml-0.5 text-xs">↻</span> : null}
    </span>
  )
}
