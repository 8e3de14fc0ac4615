import { createFileRoute, Outlet } from '@tanstack/react-router'
import { EmbeddedLayout } from '../../../components/layout/embedded-layout'

export const Route = createFileRoute('/$lang/_embedded')({
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: () => (
    <EmbeddedLayout>
      <Outlet />
    </EmbeddedLayout>
  ),
})
