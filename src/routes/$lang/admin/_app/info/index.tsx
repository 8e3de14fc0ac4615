import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { meQuery } from '~/api/admin.queries'
import { useAdminApi } from '~/features/admin/api'
import { BUILD_ID } from '~/lib/build-id'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { aboutQuery } from '~/features/admin/info/about-query'
import { HelpTopics } from '~/features/admin/info/help-topics'

const title = msg`About and help`

/** Every role: the version and build running, and what each part of the staff app is for and who may use it. */
export const Route = createFileRoute('/$lang/admin/_app/info/')({
  loader: async ({ context, location }) => (await import('~/features/admin/info/routing')).aboutPage(context, location.href),
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: AboutPage,
})

function AboutPage() {
  const { i18n } = useLingui()
  const { lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data: me } = useSuspenseQuery(meQuery(adminApi))
  const { data: about } = useSuspenseQuery(aboutQuery(adminApi))
  const version = about.version
  // The build of this page's code: the id the deployment check compares with /_build/latest.json.
  const buildId = BUILD_ID
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="about-version">
        <dt className="font-medium">
          <Trans>Version</Trans>
        </dt>
        <dd>{version}</dd>
        <dt className="font-medium">
          <Trans>Build</Trans>
        </dt>
        <dd className="font-mono break-all">{buildId}</dd>
      </dl>
      <HelpTopics role={me.member.role} lang={lang} />
    </div>
  )
}
