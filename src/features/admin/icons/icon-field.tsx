import { useId, useRef, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { Button } from '~/components/button'
import { Icon } from '~/components/icon'
import { IconPickerDialog } from './icon-picker-dialog'
import { readableIconName } from './icon-search-query'

/**
 * A form's icon (a tag's `collection:name`): the current icon as visitors will see it (drawn
 * from the shop's icon endpoint, like the shop's pages do), "Choose icon" opening the picker
 * and "Remove icon". `onChange(undefined)` removes it.
 */
export function IconField(props: { api: AdminApi; label: string; value: string | undefined; onChange: (name: string | undefined) => void }) {
  const { value } = props
  const id = useId()
  const [open, setOpen] = useState(false)
  const choose = useRef<HTMLButtonElement>(null)
  return (
    <div role="group" aria-labelledby={`${id}-label`} data-testid="icon-field">
      <span id={`${id}-label`} className="block font-medium">
        {props.label}
      </span>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <span className="flex min-h-11 items-center gap-2" id={`${id}-current`}>
          {value ? (
            <>
              <span className="flex h-11 w-11 items-center justify-center rounded-md border border-gray-300 text-gray-900">
                <Icon name={value} className="h-7 w-7" />
              </span>
              <span>
                {readableIconName(value)} <span className="text-sm text-gray-700">({value})</span>
              </span>
            </>
          ) : (
            <span className="text-gray-700">
              <Trans>No icon</Trans>
            </span>
          )}
        </span>
        <Button ref={choose} variant="outline" size="sm" aria-describedby={`${id}-current`} onClick={() => setOpen(true)}>
          <Trans>Choose icon</Trans>
        </Button>
        {value ? (
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={`${id}-current`}
            onClick={() => {
              props.onChange(undefined)
              choose.current?.focus() // the button goes away with the icon
            }}
          >
            <Trans>Remove icon</Trans>
          </Button>
        ) : null}
      </div>
      <IconPickerDialog api={props.api} open={open} value={value} onSelect={(name) => props.onChange(name)} onClose={() => setOpen(false)} />
    </div>
  )
}
