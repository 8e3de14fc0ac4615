import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'

/**
 * A modal dialog on the native `<dialog>` (showModal): the rest of the page is inert (focus
 * stays inside), Escape closes it, it is labelled by its title, and focus goes back to what
 * opened it.
 */
export function Dialog(props: { open: boolean; title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  const { t } = useLingui()
  const { open, onClose } = props

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const closed = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus()
      opener.current = null
      onClose()
    }
    dialog.addEventListener('close', closed)
    return () => dialog.removeEventListener('close', closed)
  }, [onClose])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={props.testId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/50"
    >
      {open ? (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-semibold">
              {props.title}
            </h2>
            <button type="button" onClick={() => ref.current?.close()} className="-m-2 min-h-11 min-w-11 rounded text-2xl leading-none hover:bg-black/5">
              <span aria-hidden="true">×</span>
              <span className="sr-only">{t`Close`}</span>
            </button>
          </div>
          <div className="mt-4">{props.children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
