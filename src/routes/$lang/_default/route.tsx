import { createFileRoute, Outlet } from '@tanstack/react-router'
import { DefaultLayout } from '~/components/layout/default-layout'

export const Route = createFileRoute('/$lang/_default')({
  component: DefaultLayoutRoute,
})

function DefaultLayoutRoute() {
  const { config, lang } = Route.useRouteContext()
  return (
    <DefaultLayout config={config} lang={lang}>
      <Outlet />
    </DefaultLayout>
  )
}
