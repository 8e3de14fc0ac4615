import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { getLegalHtml } from '~/functions/rich-text.functions'
import { pageTitle } from '~/lib/page-title'
import { LegalPage } from '~/components/legal-page'

const title = msg`Privacy policy`

export const Route = createFileRoute('/$lang/_default/privacy-policy')({
  loader: ({ params }) => getLegalHtml({ data: { kind: 'privacyPolicy', lang: params.lang } }),
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title),
  component: PrivacyPolicyPage,
})

function PrivacyPolicyPage() {
  const { i18n } = useLingui()
  const { html } = Route.useLoaderData()
  return <LegalPage title={i18n._(title)} html={html} />
}
