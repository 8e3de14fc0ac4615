import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { getLegalHtml } from '~/functions/rich-text.functions'
import { pageTitle } from '~/lib/page-title'
import { LegalPage } from '~/components/legal-page'

const title = msg`Terms and conditions`

export const Route = createFileRoute('/$lang/_default/terms-and-conditions')({
  loader: ({ params }) => getLegalHtml({ data: { kind: 'terms', lang: params.lang } }),
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title),
  component: TermsPage,
})

function TermsPage() {
  const { i18n } = useLingui()
  const { html } = Route.useLoaderData()
  return <LegalPage title={i18n._(title)} html={html} />
}
