import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { parseSlug } from '../../../lib/params'
import { pageTitle } from '../../../lib/page-title'
import { ComingSoon } from '../../../components/coming-soon'

const title = msg`Offer`

export const Route = createFileRoute('/$lang/_default/listing/$slug')({
  params: { parse: ({ slug }) => ({ slug: parseSlug(slug) }), stringify: ({ slug }) => ({ slug }) },
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title),
  component: () => {
    const { i18n } = useLingui()
    return <ComingSoon title={i18n._(title)} />
  },
})
