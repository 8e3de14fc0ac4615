import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { offersQuery } from '~/api/offers.queries'
import { pageTitle } from '~/lib/page-title'
import { WidgetSnippets } from '~/features/embed/widget-snippets'

const title = msg`Widgets for your website`

/**
 * For operators: the copy-paste snippet of each widget, with a live preview made by
 * the same loader script a host website uses (the staff app shows the same).
 */
export const Route = createFileRoute('/$lang/_default/widgets')({
  loader: ({ context }) => context.queryClient.ensureQueryData(offersQuery(context.api, context.lang, {})),
  head: ({ match }) => ({
    ...pageTitle(match.context.config, match.context.lang, title, { noindex: true }),
    scripts: [{ src: '/embed/v1/loader.js', async: true }],
  }),
  component: WidgetsPage,
})

function WidgetsPage() {
  const { i18n } = useLingui()
  const { api, lang, origin } = Route.useRouteContext()
  const { data: offers } = useSuspenseQuery(offersQuery(api, lang, {}))
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{i18n._(title)}</h1>
      <WidgetSnippets offers={offers.data} lang={lang} origin={origin ?? ''} />
    </main>
  )
}
