import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { TextField } from '~/components/checkout/text-field'
import { useAdminFieldErrorText } from '../../field-errors'
import { Section } from '../../profile/section'
import { fieldId, type SectionProps } from './form-state'

/** `https://www.example.ch/page` → `https://www.example.ch`; null when it is not an http(s) address. */
export function originOf(input: string): string | null {
  const value = input.trim()
  if (!/^https?:\/\//i.test(value)) return null
  try {
    const url = new URL(value)
    return /^https?:$/.test(url.protocol) && url.hostname && !url.username && !url.password ? url.origin : null
  } catch {
    return null
  }
}

/** The sites allowed to embed the shop's widgets; an empty list allows every site. */
export function EmbedSection({ settings, change, error }: SectionProps) {
  const { t } = useLingui()
  const errorText = useAdminFieldErrorText()
  const [draft, setDraft] = useState('')
  const [invalid, setInvalid] = useState(false)
  const origins = settings.embed.allowedOrigins
  const add = () => {
    const origin = originOf(draft)
    if (!origin) return setInvalid(true)
    setInvalid(false)
    setDraft('')
    if (!origins.includes(origin)) change((d) => void d.embed.allowedOrigins.push(origin))
  }
  const listError = origins.map((_, i) => errorText(error(`embed.allowedOrigins.${i}`))).find(Boolean) ?? errorText(error('embed.allowedOrigins'))
  return (
    <Section id="settings-embed" title={t`Embedding on other websites`}>
      <p className="text-sm">
        {origins.length ? <Trans>Only these websites may show the shop's widgets.</Trans> : <Trans>No website is listed: every website may show the shop's widgets.</Trans>}
      </p>
      <ul id={fieldId('embed.allowedOrigins')} tabIndex={-1} className="mt-2 space-y-2">
        {origins.map((origin) => (
          <li key={origin} className="flex items-center gap-2">
            <span className="font-mono break-all">{origin}</span>
            <Button size="sm" variant="gray" onClick={() => change((d) => void (d.embed.allowedOrigins = d.embed.allowedOrigins.filter((o) => o !== origin)))}>
              <Trans>Remove {origin}</Trans>
            </Button>
          </li>
        ))}
      </ul>
      {listError ? <p className="mt-1 text-sm font-medium text-error">{listError}</p> : null}
      {/* Enter in the address field adds it (instead of saving the whole form). */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the key handler only catches Enter bubbling from the input inside */}
      <div
        className="mt-3 flex flex-wrap items-end gap-2"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
            e.preventDefault()
            add()
          }
        }}
      >
        <div className="min-w-64 flex-1">
          <TextField
            id="settings-embed-new"
            label={t`Website address`}
            hint={t`For example https://www.example.ch — the address of the page is enough, only its site counts.`}
            type="url"
            value={draft}
            error={invalid ? t`Enter an address starting with https:// or http://.` : undefined}
            onChange={(v) => {
              setDraft(v)
              setInvalid(false)
            }}
          />
        </div>
        <Button variant="outline" onClick={add}>
          <Trans>Add website</Trans>
        </Button>
      </div>
    </Section>
  )
}
