import { useEffect, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Locale } from '~/lib/locale'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'
import { SelectField } from './select-field'

/**
 * Zones and currencies the browser knows, with the shop's current value kept even if it is not
 * among them. The server's list and names (Node's ICU) differ from the browser's: the page is
 * rendered with the current values only, and the browser adds the rest once it has hydrated.
 */
function useChoices(lang: Locale, timeZone: string, currency: string) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return useMemo(() => {
    const zones = [...new Set([timeZone, ...(hydrated ? Intl.supportedValuesOf('timeZone') : [])])].sort()
    const names = new Intl.DisplayNames([lang], { type: 'currency' })
    const currencies = [...new Set([currency, ...(hydrated ? Intl.supportedValuesOf('currency') : [])])]
      .map((code) => ({ value: code, label: hydrated ? `${code} – ${names.of(code) ?? code}` : code }))
      .sort((a, b) => a.value.localeCompare(b.value))
    return { zones: zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), currencies }
  }, [lang, timeZone, currency, hydrated])
}

/** The time zone the shop's dates and times are in, and the currency of its prices. */
export function RegionSection({ settings, change, error, lang }: SectionProps & { lang: Locale }) {
  const { t } = useLingui()
  const { zones, currencies } = useChoices(lang, settings.timeZone, settings.currency)
  return (
    <Section id="settings-region" title={t`Time zone and currency`}>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField id={fieldId('timeZone')} label={t`Time zone`} value={settings.timeZone} options={zones} error={error('timeZone')} onChange={(v) => change((d) => void (d.timeZone = v))} />
        <SelectField
          id={fieldId('currency')}
          label={t`Currency`}
          hint={t`Can be changed only as long as the shop has no bookings; the prices keep their amounts.`}
          value={settings.currency}
          options={currencies}
          error={error('currency')}
          onChange={(v) => change((d) => void (d.currency = v))}
        />
      </div>
    </Section>
  )
}
