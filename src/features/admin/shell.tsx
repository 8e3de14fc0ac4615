import { useEffect, useState, type ReactNode } from 'react'
import { Link, useRouter, useRouterState } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { requestCountsQuery } from '~/api/admin-requests.queries'
import type { components } from '~/api/schema.gen'
import type { AdminApi, Me } from '~/api/admin-client'
import { signOut } from '~/api/admin.queries'
import { LanguageSwitch } from '~/components/layout/language-switch'
import { pickLabel, type Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'
import { hasRole } from './access'
import { forgetOfflineData } from './my-sessions/offline'
import { navigationFor } from './navigation'

/** The sidebar entry that shows how many requests nobody has opened yet. */
const REQUESTS_PATH = '/sales/requests'

type ShopConfig = Pick<components['schemas']['ShopConfig'], 'labels' | 'media' | 'languages'>

const linkClass =
  'flex min-h-11 items-center rounded-md px-3 py-2 hover:bg-black/10 aria-[current=page]:bg-on-primary aria-[current=page]:font-semibold aria-[current=page]:text-primary'

/**
 * The signed-in staff app's layout: a sidebar with the shop's logo and colours, the navigation
 * groups the member's role may use, "my profile", "log out" and the language switch at the
 * bottom. On a phone the sidebar hides behind a labelled menu button.
 */
export function AdminShell(props: { config: ShopConfig; lang: Locale; me: Me; api: AdminApi; children: ReactNode }) {
  const { config, lang, me, api } = props
  const { t, i18n } = useLingui()
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const router = useRouter()
  const queryClient = useQueryClient()
  const title = pickLabel(config.labels.title, lang)
  const groups = navigationFor(me.member.role)
  // Guides never see requests: only managers and owners ask for the count (the server refuses guides).
  const seesRequests = hasRole(me.member.role, 'manager')
  const { data: requestCounts } = useQuery({ ...requestCountsQuery(api), enabled: seesRequests })
  const unseen = seesRequests ? (requestCounts?.unseen ?? 0) : 0
  const unseenName = (label: string, count: number) => t`${label}, ${plural(count, { one: '# new', other: '# new' })}`

  useEffect(() => setMenuOpen(false), [pathname])

  const logOut = async () => {
    try {
      await signOut(api)
    } finally {
      // what this browser kept for reading offline goes too, signed out or not (no network)
      void forgetOfflineData()
      // leave first: the signed-in pages would ask for the member again
      await router.navigate({ to: '/$lang/admin/sign-in', params: { lang }, search: {} })
      queryClient.removeQueries({ queryKey: ['admin'] })
    }
  }

  return (
    <div className="min-h-screen md:flex" data-layout="admin">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-gray-900">
        <Trans>Skip to content</Trans>
      </a>
      <header className="flex items-center justify-between gap-3 bg-primary px-4 py-2 text-on-primary md:hidden">
        <ShopMark config={config} title={title} />
        <button
          type="button"
          className="min-h-11 rounded-md border border-current px-3 font-medium"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? t`Close menu` : t`Menu`}
        </button>
      </header>
      <aside
        id="admin-sidebar"
        className={`${menuOpen ? 'flex' : 'hidden'} flex-col gap-6 bg-primary p-4 text-on-primary md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:overflow-y-auto`}
        data-testid="admin-sidebar"
      >
        <div className="hidden md:block">
          <ShopMark config={config} title={title} />
        </div>
        <nav aria-label={t`Staff app`} className="flex-1">
          {/* The start page is the first group's entry (Dashboard). */}
          {groups.map((group, index) => (
            <section key={group.id} aria-labelledby={`nav-${group.id}`} className={index ? 'mt-4' : undefined}>
              <h2 id={`nav-${group.id}`} className="px-3 text-xs font-semibold uppercase tracking-wide">
                {i18n._(group.label)}
              </h2>
              <ul className="mt-1 space-y-1">
                {group.entries.map((entry) => (
                  <li key={entry.path}>
                    <Link
                      to={`/$lang/admin${entry.path}` as '/$lang/admin'}
                      params={{ lang }}
                      activeOptions={{ exact: entry.exact ?? false }}
                      className={entry.path === REQUESTS_PATH ? `${linkClass} group justify-between gap-2` : linkClass}
                      data-testid={entry.path === REQUESTS_PATH ? 'nav-requests' : undefined}
                      aria-label={entry.path === REQUESTS_PATH && unseen > 0 ? unseenName(i18n._(entry.label), unseen) : undefined}
                    >
                      {i18n._(entry.label)}
                      {entry.path === REQUESTS_PATH && unseen > 0 ? <UnseenBadge count={unseen} /> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <div className="space-y-1 border-t border-current/30 pt-4">
          <p className="px-3 text-sm" data-testid="admin-member">
            {me.member.name}
          </p>
          <Link to="/$lang/admin/profile" params={{ lang }} className={linkClass}>
            <Trans>My profile</Trans>
          </Link>
          <button type="button" onClick={logOut} className={`${linkClass} w-full text-left`}>
            <Trans>Log out</Trans>
          </button>
          <div className="px-3 pt-2">
            <LanguageSwitch languages={config.languages} current={lang} />
          </div>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-8">
        {props.children}
      </main>
    </div>
  )
}

/**
 * The number of unseen requests: a badge to the eye; to a screen reader the link's name says it
 * ("Requests, 3 new", set as the link's `aria-label`: its parts are flex items, which would be
 * read with a space before the comma).
 */
function UnseenBadge({ count }: { count: number }) {
  const { i18n } = useLingui()
  const shown = count > 99 ? '99+' : i18n.number(count)
  return (
    <span
      aria-hidden="true"
      className="min-w-6 rounded-full bg-on-primary px-2 py-0.5 text-center text-xs font-bold text-primary group-aria-[current=page]:bg-primary group-aria-[current=page]:text-on-primary"
      data-testid="requests-unseen-badge"
    >
      {shown}
    </span>
  )
}

function ShopMark({ config, title }: { config: ShopConfig; title: string }) {
  return (
    <span className="flex items-center gap-3">
      <img src={mediaUrl(config.media.logo, MEDIA_SIZES.logo)} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
      <span className="font-semibold">{title}</span>
    </span>
  )
}
