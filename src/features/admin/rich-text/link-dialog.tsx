import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { TextField } from '~/components/checkout/text-field'
import { Dialog } from '../dialog'
import { linkHref } from './link-url'

/**
 * Sets the address of a link. Only http(s), e-mail and phone addresses are accepted; anything
 * else (`javascript:`, `data:` …) gets a field error and changes nothing. Rendered into the body:
 * the editor usually sits in a form, and a form must not hold another. Give it a new `key` each
 * time it opens, so it starts from the link's current address.
 */
export function LinkDialog(props: {
  id: string
  open: boolean
  href: string
  onApply: (href: string) => void
  onRemove?: () => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(props.href)
  const [refused, setRefused] = useState(false)
  const fieldId = `${props.id}-link-address`
  const { open } = props

  useEffect(() => {
    // the dialog focuses its first control, the close button: the address is what one came for
    if (open) document.getElementById(fieldId)?.focus()
  }, [open, fieldId])

  return createPortal(
    <Dialog open={props.open} title={t`Link`} onClose={props.onClose} testId="link-dialog">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          // React passes events up its own tree, portal or not: the editor's form must not submit
          e.stopPropagation()
          const clean = linkHref(draft)
          if (!clean) {
            setRefused(true)
            document.getElementById(fieldId)?.focus()
            return
          }
          props.onApply(clean)
        }}
      >
        <TextField
          id={fieldId}
          type="url"
          label={t`Link address`}
          hint={t`A web address (https://…), an e-mail address or a phone number (+41 …).`}
          value={draft}
          error={refused ? t`Enter a web address starting with https://, an e-mail address or a phone number.` : undefined}
          onChange={(value) => {
            setDraft(value)
            setRefused(false)
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {props.onRemove ? (
            <Button variant="gray" onClick={props.onRemove} className="mr-auto">
              <Trans>Remove link</Trans>
            </Button>
          ) : null}
          <Button variant="gray" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Apply</Trans>
          </Button>
        </div>
      </form>
    </Dialog>,
    document.body,
  )
}
