import { AvailabilityGlyph, keyOf, useAvailabilityWords } from '../availability/labels'
import type { Availability } from './availability'

/** A member's answer for a half-day or a date, in words (the availability pages' words). */
export function useAvailabilityLabels() {
  return useAvailabilityWords().value
}

/** The word with the member's note: "Maybe: only until 15:00". */
export function useAvailabilityText() {
  const labels = useAvailabilityLabels()
  return (value: Availability, notes: readonly (string | null)[] = []) => {
    const label = labels[keyOf(value)]
    const note = notes.filter(Boolean).join('; ')
    return note ? `${label}: ${note}` : label
  }
}

/**
 * The availability pages' sign for an answer (✓ ? ✕ –), its words for screen readers beside it
 * (`text`: with the note) and as the tooltip; `visible` shows the words too.
 */
export function AvailabilityMark(props: { value: Availability; text: string; visible?: boolean; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 ${props.className ?? ''}`} title={props.text}>
      <AvailabilityGlyph value={props.value} />
      {props.visible ? <span>{props.text}</span> : <span className="sr-only">{props.text}</span>}
    </span>
  )
}
