import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Dialog } from '../dialog'
import { IconGrid } from './icon-grid'
import { iconSearchQuery } from './icon-search-query'
import { useDebouncedValue } from './use-debounced-value'

/** The contract's bound of `q`. */
const QUERY_MAX = 50
const DEBOUNCE_MS = 250

type Props = { api: AdminApi; open: boolean; value: string | undefined; onSelect: (name: string) => void; onClose: () => void }

/**
 * The icon picker modal of the spec: searches the icons installed with the shop as one types and
 * chooses one with the mouse or the keyboard (the search field, then the results as a listbox).
 * Choosing calls `onSelect` and closes; Escape, × and Cancel close without a change.
 */
export function IconPickerDialog(props: Props) {
  const { t } = useLingui()
  return (
    <Dialog open={props.open} title={t`Choose an icon`} onClose={props.onClose} testId="icon-picker">
      <PickerBody {...props} />
    </Dialog>
  )
}

function PickerBody({ api, value, onSelect, onClose }: Props) {
  const { t } = useLingui()
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS)
  const search = useQuery({ ...iconSearchQuery(api, q), enabled: q !== '' })
  // While the next answer loads, the last one stays on screen but is not counted as this query's.
  const answer = q ? search.data : undefined
  const settled = answer && !search.isPlaceholderData ? answer : undefined
  const count = settled?.meta.total ?? 0
  const shown = settled?.data.length ?? 0

  // After showModal has focused the first control (×): one types first.
  useEffect(() => queueMicrotask(() => field.current?.focus()), [])

  const toResults = () => document.getElementById(`${id}-results`)?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus()

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-q`} className="block font-medium">
          <Trans>Search icons</Trans>
        </label>
        <input
          ref={field}
          id={`${id}-q`}
          type="text"
          value={text}
          maxLength={QUERY_MAX}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby={`${id}-hint`}
          aria-controls={`${id}-results`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowDown') return
            e.preventDefault()
            toResults()
          }}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          <Trans>Icon names are in English, for example “hiking” or “ski”. Then use the arrow keys to pick one.</Trans>
        </p>
      </div>
      {/* Announced politely once a search has settled. */}
      <p role="status" className="min-h-6 font-medium" data-testid="icon-count">
        {!settled ? (
          q && search.isFetching ? <Trans>Searching…</Trans> : null
        ) : count === 0 ? (
          <Trans>No icons match “{q}”. Try another word, in English.</Trans>
        ) : shown < count ? (
          <>
            <Plural value={count} one="# icon found" other="# icons found" /> <Trans>Showing the first {shown}; type more to narrow the search.</Trans>
          </>
        ) : (
          <Plural value={count} one="# icon found" other="# icons found" />
        )}
      </p>
      {search.isError && q ? (
        <div className="space-y-2">
          <SubmitError error={search.error} />
          <Button variant="gray" size="sm" onClick={() => void search.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {answer && answer.data.length > 0 ? (
        <IconGrid
          id={`${id}-results`}
          label={t`Icons`}
          icons={answer.data}
          value={value}
          onChoose={(name) => {
            onSelect(name)
            onClose()
          }}
        />
      ) : null}
      <div className="flex justify-end">
        <Button variant="gray" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  )
}
