import { createFileRoute, Outlet } from '@tanstack/react-router'
import { InLayout } from '~/components/layout/in-layout'
import { I18nProvider } from '@lingui/react'
import { adminI18n } from '~/features/admin/i18n'

/**
 * The staff app's root (`/{lang}/admin/…`): its own catalogue, loaded here only (the loader's
 * data reaches the browser with the page; a client-side visit imports the language's chunk), so
 * visitor pages never carry it. Route options outside the components (loader, head) stay in the
 * router's entry chunk: in the staff app they only import `~/features/admin/routing` dynamically.
 * Never indexed (the server also sends `X-Robots-Tag` and
 * `no-store` for these pages).
 */
export const Route = createFileRoute('/$lang/admin')({
  loader: async ({ context }) => (await import('~/features/admin/routing')).rootData(context.lang),
  staleTime: Infinity,
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: AdminRoot,
})

function AdminRoot() {
  const { lang } = Route.useRouteContext()
  const { messages } = Route.useLoaderData()
  return (
    <I18nProvider i18n={adminI18n(lang, messages)}>
      {/* The staff app's 404s keep its own look, never the shop's header and footer. */}
      <InLayout.Provider value={true}>
        <Outlet />
      </InLayout.Provider>
    </I18nProvider>
  )
}
