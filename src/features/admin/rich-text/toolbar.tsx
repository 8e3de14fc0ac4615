import { Fragment, useRef, useState, type KeyboardEvent } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import { useLingui } from '@lingui/react/macro'
import { Icon } from '~/components/icon'
import { HEADING_LEVELS } from './extensions'

type Item = { key: string; label: string; icon: string; run: () => void; pressed?: boolean; disabled?: boolean; dialog?: boolean }

/**
 * The editor's formatting toolbar: one Tab stop (roving tabindex), arrow keys, Home and End
 * move between its buttons. Toggles say whether they are on (`aria-pressed`); a command gives
 * the focus back to the text, where the operator goes on writing.
 */
export function Toolbar({ editor, label, controls, onLink }: { editor: Editor; label: string; controls: string; onLink: () => void }) {
  const { t } = useLingui()
  const [current, setCurrent] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const on = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      headings: HEADING_LEVELS.map((level) => e.isActive('heading', { level })),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const groups: Item[][] = [
    HEADING_LEVELS.map((level, i) => ({
      key: `h${level}`,
      label: t`Heading level ${level}`,
      icon: `format-header-${level}`,
      pressed: on.headings[i],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    [
      { key: 'bold', label: t`Bold`, icon: 'format-bold', pressed: on.bold, run: () => chain().toggleBold().run() },
      { key: 'italic', label: t`Italic`, icon: 'format-italic', pressed: on.italic, run: () => chain().toggleItalic().run() },
      { key: 'underline', label: t`Underline`, icon: 'format-underline', pressed: on.underline, run: () => chain().toggleUnderline().run() },
    ],
    [
      { key: 'bullets', label: t`Bulleted list`, icon: 'format-list-bulleted', pressed: on.bulletList, run: () => chain().toggleBulletList().run() },
      { key: 'numbers', label: t`Numbered list`, icon: 'format-list-numbered', pressed: on.orderedList, run: () => chain().toggleOrderedList().run() },
      { key: 'quote', label: t`Quote`, icon: 'format-quote-close', pressed: on.blockquote, run: () => chain().toggleBlockquote().run() },
    ],
    [
      { key: 'link', label: t`Link`, icon: 'link-variant', dialog: true, run: onLink },
      { key: 'unlink', label: t`Remove link`, icon: 'link-variant-off', disabled: !on.link, run: () => chain().extendMarkRange('link').unsetLink().run() },
      { key: 'rule', label: t`Horizontal line`, icon: 'minus', run: () => chain().setHorizontalRule().run() },
    ],
    [
      { key: 'undo', label: t`Undo`, icon: 'undo', disabled: !on.canUndo, run: () => chain().undo().run() },
      { key: 'redo', label: t`Redo`, icon: 'redo', disabled: !on.canRedo, run: () => chain().redo().run() },
    ],
  ]
  const count = groups.flat().length
  const firstOf = groups.map((_, g) => groups.slice(0, g).flat().length)

  const move = (event: KeyboardEvent, index: number) => {
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 }[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + count) % count
    setCurrent(next)
    buttons.current[next]?.focus()
  }

  return (
    <div role="toolbar" aria-label={t`Formatting: ${label}`} aria-controls={controls} className="flex flex-wrap items-center gap-1 border-b border-gray-400 bg-gray-50 p-1">
      {groups.map((group, g) => (
        <Fragment key={group[0]?.key}>
          {g > 0 ? <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-400" /> : null}
          {group.map((item, j) => {
            const i = (firstOf[g] ?? 0) + j
            return (
              <button
                key={item.key}
                ref={(el) => {
                  buttons.current[i] = el
                }}
                type="button"
                tabIndex={i === current ? 0 : -1}
                aria-label={item.label}
                title={item.label}
                aria-pressed={item.pressed === undefined ? undefined : item.pressed}
                aria-disabled={item.disabled || undefined}
                aria-haspopup={item.dialog ? 'dialog' : undefined}
                onFocus={() => setCurrent(i)}
                onKeyDown={(e) => move(e, i)}
                onClick={() => {
                  if (!item.disabled) item.run()
                }}
                className="inline-flex min-h-10 min-w-10 items-center justify-center rounded text-gray-900 hover:bg-black/10 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent aria-disabled:cursor-not-allowed aria-disabled:text-gray-500 aria-pressed:bg-gray-900 aria-pressed:text-white"
              >
                <Icon name={`mdi:${item.icon}`} />
              </button>
            )
          })}
        </Fragment>
      ))}
    </div>
  )
}
