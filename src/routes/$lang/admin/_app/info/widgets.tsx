import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { offersQuery } from '~/api/offers.queries'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { WidgetSnippets } from '~/features/embed/widget-snippets'

const title = msg`Widgets for your website`

/** Managers and owners: the widgets' snippets with a live preview (the public widgets page shows the same). */
export const Route = createFileRoute('/$lang/admin/_app/info/widgets')({
  loader: async ({ context, location }) => (await import('~/features/admin/info/routing')).widgetsPage(context, location.href),
  head: async ({ match }) => ({ ...(await (await import('~/features/admin/routing')).head(match.context, title)), scripts: [{ src: '/embed/v1/loader.js', async: true }] }),
  errorComponent: AdminErrorScreen,
  component: WidgetsPage,
})

function WidgetsPage() {
  const { i18n } = useLingui()
  const { api, lang, origin } = Route.useRouteContext()
  const { data: offers } = useSuspenseQuery(offersQuery(api, lang, {}))
  return (
    <div className="max-w-5xl">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <WidgetSnippets offers={offers.data} lang={lang} origin={origin ?? ''} />
    </div>
  )
}
