import { useEffect, useState } from 'react'
import { Plural, Trans } from '@lingui/react/macro'
import { formatTime } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

/** Minutes left until `until` (rounded up), 0 once it has passed. */
export function minutesLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 60_000))
}

/**
 * How long the cart's places are held (its earliest hold), and what happens then: read again
 * every 15 seconds, so the minutes shown are never more than a moment behind (issue 22, point 1).
 */
export function HoldCountdown({ heldUntil, lang, timeZone }: { heldUntil: string; lang: Locale; timeZone: string }) {
  const until = Date.parse(heldUntil)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000)
    return () => clearInterval(timer)
  }, [])
  if (!Number.isFinite(until)) return null
  const left = minutesLeft(until, now)
  const time = formatTime(new Date(until), lang, timeZone)
  return (
    <p role="status" className="mt-4 rounded-md border border-warning bg-warning/15 p-3" data-testid="hold-countdown" data-expired={left === 0 ? 'true' : undefined}>
      {left > 0 ? (
        <>
          {/* prettier-ignore */}
          <Trans>Places held until {time} (<Plural value={left} one="# minute left" other="# minutes left" />).</Trans>{' '}
          <Trans>After that they are released for others; you can still book as long as places are left.</Trans>
        </>
      ) : (
        <Trans>The hold has run out: your places are no longer reserved. You can still book as long as places are left.</Trans>
      )}
    </p>
  )
}
