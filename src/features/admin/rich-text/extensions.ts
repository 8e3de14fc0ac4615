import { StarterKit } from '@tiptap/starter-kit'
import { ListItem, ListKeymap } from '@tiptap/extension-list'
import { Link } from '@tiptap/extension-link'
import type { Editor, Extensions } from '@tiptap/react'
import { isKeptHref } from './link-url'

/**
 * What the editor can write: exactly what the server's sanitiser keeps (src/server/rich-text.ts),
 * so nothing an operator formats disappears on saving. Headings h2–h4 (the page has the h1),
 * bold, italic, underline, lists, quotes, links, line breaks and horizontal lines. No code,
 * strike-through or images (the sanitiser drops them); pasted content loses them too.
 */
export const HEADING_LEVELS = [2, 3, 4] as const

// Tab is left to the browser, so it leaves the editor (a list item would otherwise take it to
// indent: a keyboard trap). Indenting and outdenting a list item are Ctrl+] and Ctrl+[.
const ListItemWithoutTab = ListItem.extend({
  addKeyboardShortcuts() {
    return {
      Enter: () => this.editor.commands.splitListItem(this.name),
      'Mod-]': () => this.editor.commands.sinkListItem(this.name),
      'Mod-[': () => this.editor.commands.liftListItem(this.name),
    }
  },
})

const ListKeymapWithoutTab = ListKeymap.extend({
  addKeyboardShortcuts() {
    const { Tab: _tab, ...others } = this.parent?.() ?? {}
    return others
  },
})

// A link stores its address only: the server sets rel and target on rendering.
const AddressOnlyLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') } }
  },
})

/** A fresh set of extensions for one editor. */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      code: false,
      codeBlock: false,
      strike: false,
      trailingNode: false,
      link: false,
      listItem: false,
      listKeymap: false,
    }),
    ListItemWithoutTab,
    ListKeymapWithoutTab,
    AddressOnlyLink.configure({
      openOnClick: false,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isKeptHref(url.trim()),
    }),
  ]
}

/** The editor's HTML, or '' when it holds no text (so a required text is simply empty). */
export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML()
}
