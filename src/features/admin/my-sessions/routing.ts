/**
 * "My sessions"' loader, imported dynamically from its route file: every member, for
 * themselves. Only the member is read here: the dates and participants are asked for by the
 * page in the browser, so that the page's HTML (which the service worker keeps for reading
 * offline) carries none of them.
 */
import { signedInPage } from '../routing'

type Context = Parameters<typeof signedInPage>[0]

export async function mySessionsPage(context: Context, href: string) {
  const me = await signedInPage(context, href, 'guide')
  return { staffId: me.member.id }
}
