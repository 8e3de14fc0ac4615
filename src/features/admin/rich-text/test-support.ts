/**
 * jsdom has no modal dialogs: a stand-in for `showModal` and `close` (open attribute, `close`
 * event), enough for src/features/admin/dialog.tsx in component tests.
 */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype
  if (typeof proto.showModal === 'function') return
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.open = false
    this.dispatchEvent(new Event('close'))
  }
}
