import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { hexToRgb, rgbToHex } from '~/lib/contrast'
import type { Rgb } from '~/lib/theme'

/**
 * One colour: the browser's colour picker, and beside it the same value as a hex code that
 * keyboard and screen-reader users can type. A code that is not `#rrggbb` shows a field error
 * (on leaving the field or Enter) and leaves the value as it was; a valid one applies at once.
 */
export function ColourPicker(props: { id: string; label: string; value: Rgb; onChange: (rgb: Rgb) => void; error?: string }) {
  const { id, label, value, onChange } = props
  const { t } = useLingui()
  const hex = rgbToHex(value) ?? ''
  const [draft, setDraft] = useState(hex)
  const [invalid, setInvalid] = useState(false)
  const [shown, setShown] = useState(hex)
  if (shown !== hex) {
    // the value changed elsewhere (the picker, a reset): show it, unless the draft already says it
    setShown(hex)
    const typed = hexToRgb(draft.trim())
    if (!typed || rgbToHex(typed) !== hex) {
      setDraft(hex)
      setInvalid(false)
    }
  }
  const error = invalid ? t`Enter the colour as # and six hexadecimal digits, for example #0e547a.` : props.error
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')
  const check = () => setInvalid(hexToRgb(draft.trim()) === null)

  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          aria-label={t`${label}: colour picker`}
          value={hex || '#000000'}
          onChange={(e) => {
            const rgb = hexToRgb(e.target.value)
            if (rgb) onChange(rgb)
          }}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-gray-400 bg-white p-1"
        />
        <input
          id={id}
          type="text"
          value={draft}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setDraft(e.target.value)
            const rgb = hexToRgb(e.target.value.trim())
            if (rgb) {
              setInvalid(false)
              onChange(rgb)
            }
          }}
          onBlur={check}
          onKeyDown={(e) => {
            // Enter would submit the settings form with the old colour while this one shows another
            if (e.key === 'Enter' && hexToRgb(draft.trim()) === null) {
              e.preventDefault()
              setInvalid(true)
            }
          }}
          className="block min-h-11 w-full min-w-0 rounded-md border border-gray-400 bg-white px-3 py-2 font-mono text-gray-900 aria-[invalid=true]:border-error"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm">
        {t`Hex code, for example #0e547a`}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
