import { useEffect, useMemo, useState } from 'react'
import { Trans } from '@lingui/react/macro'

/**
 * The time zone of the visitor's browser; undefined on the server and until the page has
 * hydrated (so the server's markup and the browser's first render are the same).
 */
export function useVisitorTimeZone(): string | undefined {
  const [zone, setZone] = useState<string>()
  useEffect(() => {
    try {
      setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || undefined)
    } catch {
      // no Intl time zones: nothing to compare
    }
  }, [])
  return zone
}

const DAY = 86_400_000

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** A zone's offset from UTC at an instant, e.g. `GMT+02:00`. */
function utcOffset(timeZone: string, at: number): string {
  let format = offsetFormats.get(timeZone)
  if (!format) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })))
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? ''
}

/**
 * Whether clocks in two time zones differ now or at some time in the coming year (summer time
 * starts on other days in other places): Europe/Berlin shows Zurich's times, Europe/London does not.
 * An unknown zone differs from nothing (no note rather than a wrong one).
 */
export function clocksDiffer(a: string, b: string, now = Date.now()): boolean {
  if (a === b) return false
  try {
    for (let day = 0; day < 365; day += 7) {
      if (utcOffset(a, now + day * DAY) !== utcOffset(b, now + day * DAY)) return true
    }
  } catch {
    return false
  }
  return false
}

/**
 * "Times are local time at the activity (Europe/Zurich)": shown to visitors whose browser keeps
 * another time than the shop's, next to the times the shop shows (always in its own time zone).
 * Nothing on the server and before hydration.
 */
export function TimeZoneNote({ timeZone, className = 'text-sm' }: { timeZone: string; className?: string }) {
  const visitor = useVisitorTimeZone()
  const differ = useMemo(() => !!visitor && clocksDiffer(visitor, timeZone), [visitor, timeZone])
  if (!differ) return null
  return (
    <p className={className} data-testid="time-zone-note">
      <Trans>All times are local time at the activity ({timeZone}).</Trans>
    </p>
  )
}
