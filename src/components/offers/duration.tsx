import { useLingui } from '@lingui/react/macro'

/**
 * A length of time in the visitor's language ("2 h", "1 h 30 min"; de "2 Std.", "1 Std. 30 Min."),
 * the same on the server and in the browser (no Intl.DurationFormat, whose output differs
 * between ICU versions).
 */
export function useDurationText() {
  const { t } = useLingui()
  return (minutes: number): string => {
    const whole = Math.max(0, Math.round(minutes))
    const hours = Math.floor(whole / 60)
    const rest = whole % 60
    if (hours === 0) return t({ message: `${rest} min`, context: 'duration' })
    if (rest === 0) return t({ message: `${hours} h`, context: 'duration' })
    return t({ message: `${hours} h ${rest} min`, context: 'duration' })
  }
}
