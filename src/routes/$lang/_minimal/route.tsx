import { createFileRoute, Outlet } from '@tanstack/react-router'
import { MinimalLayout } from '~/components/layout/minimal-layout'

export const Route = createFileRoute('/$lang/_minimal')({
  component: MinimalLayoutRoute,
})

function MinimalLayoutRoute() {
  const { config, lang } = Route.useRouteContext()
  return (
    <MinimalLayout config={config} lang={lang}>
      <Outlet />
    </MinimalLayout>
  )
}
