import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import { Trans } from '@lingui/react/macro'
import type { Locale } from '~/lib/locale'
import { htmlOf, richTextExtensions } from './extensions'
import { LinkDialog } from './link-dialog'
import { linkText } from './link-url'
import { Toolbar } from './toolbar'

export type RichTextEditorProps = {
  id: string
  label: string
  /** The text as HTML; '' when empty. */
  value: string
  onChange: (html: string) => void
  describedBy?: string
  invalid?: boolean
  /** The language of the text (not of the staff app): spell-checking and screen readers use it. */
  lang?: Locale
}

const CONTENT_CLASS =
  'prose-shop min-h-40 px-3 py-2 focus:outline-3 focus:-outline-offset-3 focus:outline-accent ' +
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-gray-400 [&_blockquote]:pl-3 ' +
  '[&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:mb-1 [&_h4]:font-semibold ' +
  '[&_hr]:my-4 [&_hr]:border-gray-400 [&_li>p]:my-0 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6'

/**
 * A rich-text field of the staff app (ADR 027): Tiptap, with what the server's sanitiser keeps.
 * It mounts in the browser only; the server renders a placeholder of the same size. The HTML it
 * reports is still sanitised by the server on saving and on rendering (src/server/rich-text.ts).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { id, label, value, onChange, describedBy, invalid, lang } = props
  const labelId = `${id}-label`
  const [extensions] = useState(richTextExtensions)
  const [initial] = useState(value)
  // the HTML last reported: a `value` that differs came from outside (a reload) and replaces the text
  const reported = useRef(value)
  const editorProps = useMemo(() => ({ attributes: textboxAttributes(id, labelId, describedBy, invalid, lang) }), [id, labelId, describedBy, invalid, lang])
  const editor = useEditor({
    extensions,
    content: initial,
    editorProps,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e)
      reported.current = html
      onChange(html)
    },
  })

  useEffect(() => {
    if (!editor || editor.isDestroyed || value === reported.current) return
    reported.current = value
    if (value === htmlOf(editor)) return
    // not undoable: undo must not bring back the text the reload replaced
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run()
  }, [editor, value])

  return (
    <div>
      <div id={labelId} className="block font-medium">
        {label}
      </div>
      <div className={`mt-1 overflow-hidden rounded-md border bg-white text-gray-900 ${invalid ? 'border-error' : 'border-gray-400'}`}>
        {editor ? (
          <EditorWithToolbar editor={editor} id={id} label={label} />
        ) : (
          <p className="min-h-40 px-3 py-2 text-gray-700">
            <Trans>Loading the editor…</Trans>
          </p>
        )}
      </div>
    </div>
  )
}

function EditorWithToolbar({ editor, id, label }: { editor: Editor; id: string; label: string }) {
  const [link, setLink] = useState({ open: false, session: 0, href: '' })
  const openLink = useCallback(() => {
    setLink((l) => ({ open: true, session: l.session + 1, href: (editor.getAttributes('link').href as string | undefined) ?? '' }))
  }, [editor])
  const closeLink = useCallback(() => setLink((l) => ({ ...l, open: false })), [])
  const apply = (href: string) => {
    if (editor.state.selection.empty && !editor.isActive('link')) {
      editor.chain().insertContent({ type: 'text', text: linkText(href), marks: [{ type: 'link', attrs: { href } }] }).run()
    } else {
      editor.chain().extendMarkRange('link').setLink({ href }).run()
    }
    closeLink()
  }
  const remove = () => {
    editor.chain().extendMarkRange('link').unsetLink().run()
    closeLink()
  }
  return (
    <>
      <Toolbar editor={editor} label={label} controls={id} onLink={openLink} />
      <EditorContent editor={editor} />
      <LinkDialog key={link.session} id={id} open={link.open} href={link.href} onApply={apply} onRemove={link.href ? remove : undefined} onClose={closeLink} />
    </>
  )
}

function textboxAttributes(id: string, labelId: string, describedBy?: string, invalid?: boolean, lang?: Locale): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    spellcheck: 'true',
    class: CONTENT_CLASS,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(lang ? { lang } : {}),
  }
}
