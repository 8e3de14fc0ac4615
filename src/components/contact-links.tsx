import type { components } from '~/api/schema.gen'
import { safeHrefOrUndefined } from '~/lib/safe-url'

type Contact = Pick<components['schemas']['ShopContact'], 'phone' | 'email'>

/** Phone and e-mail of the shop as list items, linked through the safe-URL rules. */
export function ContactLinks({ contact }: { contact: Contact }) {
  return (
    <>
      {contact.phone ? (
        <li>
          <a className="underline" href={safeHrefOrUndefined(`tel:${contact.phone.replace(/[^+\d]/g, '')}`, { external: true })}>
            {contact.phone}
          </a>
        </li>
      ) : null}
      {contact.email ? (
        <li>
          <a className="underline" href={safeHrefOrUndefined(`mailto:${contact.email}`, { external: true })}>
            {contact.email}
          </a>
        </li>
      ) : null}
    </>
  )
}
