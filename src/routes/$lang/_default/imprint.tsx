import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { getLegalHtml } from '~/functions/rich-text.functions'
import { pageTitle } from '~/lib/page-title'
import { LegalPage } from '~/components/legal-page'

const title = msg`Imprint`

export const Route = createFileRoute('/$lang/_default/imprint')({
  loader: ({ params }) => getLegalHtml({ data: { kind: 'imprint', lang: params.lang } }),
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title),
  component: ImprintPage,
})

function ImprintPage() {
  const { i18n } = useLingui()
  const { html } = Route.useLoaderData()
  return <LegalPage title={i18n._(title)} html={html} />
}
