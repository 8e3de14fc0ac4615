import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { IconGlyph } from './icon-glyph'
import { readableIconName } from './icon-search-query'

/** Icons per row where nothing is laid out (a test's DOM); in a browser the grid's own rows count. */
export const ICON_COLUMNS = 6

/** How many options the grid shows per row (it fills the dialog's width: 320 px screens included). */
function columnsOf(list: HTMLElement | null): number {
  const options = list ? [...list.querySelectorAll<HTMLElement>('[role="option"]')] : []
  const first = options[0]?.getBoundingClientRect()
  if (!first || first.width === 0) return ICON_COLUMNS
  const nextRow = options.findIndex((option) => option.getBoundingClientRect().top > first.top + 1)
  return nextRow === -1 ? options.length : nextRow
}

/**
 * Where a key moves the focus in a grid of `count` options, `columns` a row (null: not a moving
 * key). Left/Right step through the list, Up/Down by a row (Down on the row above a short last
 * row lands on its last icon), Home/End to the first and last; no wrapping at the edges.
 */
export function nextIndex(key: string, index: number, count: number, columns: number): number | null {
  const last = count - 1
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last)
    case 'ArrowLeft':
      return Math.max(index - 1, 0)
    case 'ArrowDown':
      if (index + columns <= last) return index + columns
      return Math.floor(index / columns) < Math.floor(last / columns) ? last : index
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return null
  }
}

export type IconOption = { name: string; svg: string }

/**
 * The results as a listbox (one Tab stop, roving focus): arrows, Home and End move, Enter or
 * Space chooses, as does a click. The current icon is the selected option and takes the Tab
 * stop when it is among the results.
 */
export function IconGrid(props: { id: string; label: string; icons: IconOption[]; value: string | undefined; onChoose: (name: string) => void }) {
  const { icons, value } = props
  const list = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const selected = icons.findIndex((icon) => icon.name === value)
  // New results: the Tab stop goes to the current icon, else to the first.
  useEffect(() => setActive(Math.max(0, selected)), [icons, selected])

  const optionAt = (index: number) => list.current?.querySelectorAll<HTMLElement>('[role="option"]')[index]
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, current: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const icon = icons[current]
      if (icon) props.onChoose(icon.name)
      return
    }
    const next = nextIndex(event.key, current, icons.length, columnsOf(list.current))
    if (next === null) return
    event.preventDefault()
    setActive(next)
    optionAt(next)?.focus()
  }

  return (
    <div
      ref={list}
      id={props.id}
      role="listbox"
      aria-label={props.label}
      className="grid max-h-80 gap-1 overflow-y-auto p-1"
      style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(2.75rem, 1fr))' }}
    >
      {icons.map((icon, index) => {
        const name = readableIconName(icon.name)
        const isSelected = index === selected
        return (
          <div
            key={icon.name}
            role="option"
            aria-selected={isSelected}
            aria-label={name}
            title={name}
            data-icon={icon.name}
            tabIndex={index === Math.min(active, icons.length - 1) ? 0 : -1}
            onFocus={() => setActive(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => props.onChoose(icon.name)}
            className={`relative flex aspect-square min-h-11 cursor-pointer items-center justify-center rounded-md border-2 ${
              isSelected ? 'border-primary bg-primary text-on-primary' : 'border-transparent text-gray-900 hover:border-gray-400 hover:bg-gray-100'
            }`}
          >
            <IconGlyph svg={icon.svg} className="h-7 w-7" />
            {isSelected ? (
              <span aria-hidden="true" className="absolute right-0.5 top-0 text-xs font-bold">
                ✓
              </span>
            ) : null}
          </div>
        )
      })}
    </div>
  )
}
