import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { parseOpaqueId } from '../../../lib/params'
import { pageTitle } from '../../../lib/page-title'
import { ComingSoon } from '../../../components/coming-soon'

const title = msg`Payment`

export const Route = createFileRoute('/$lang/_minimal/aftersales/payment/$token')({
  params: { parse: ({ token }) => ({ token: parseOpaqueId(token) }), stringify: ({ token }) => ({ token }) },
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title, { noindex: true }),
  component: () => {
    const { i18n } = useLingui()
    return <ComingSoon title={i18n._(title)} />
  },
})
