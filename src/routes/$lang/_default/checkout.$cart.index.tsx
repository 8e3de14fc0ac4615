import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { pageTitle } from '../../../lib/page-title'
import { ComingSoon } from '../../../components/coming-soon'

const title = msg`Checkout`

export const Route = createFileRoute('/$lang/_default/checkout/$cart/')({
  head: ({ match }) => pageTitle(match.context.config, match.context.lang, title),
  component: () => {
    const { i18n } = useLingui()
    return <ComingSoon title={i18n._(title)} />
  },
})
