/** The staff app's pages (`/{lang}/admin…`): their own route tree in the browser, their own headers on the server. */
const STAFF_PAGE = /^\/(de|en|fr)\/admin(\/|$)/

export function isStaffPage(pathname: string) {
  return STAFF_PAGE.test(pathname)
}
