import { createFileRoute, Outlet } from '@tanstack/react-router'
import { EmbeddedLayout } from '~/features/embed/embedded-layout'
import { parseEmbedSearch } from '~/features/embed/frame-config'
import { setSsrFrameAncestors } from '~/functions/request-context'

/**
 * Embed routes: the frame configuration and the host page's origin come in the search
 * params (the loader writes them); the shop's allow-list decides who may frame these pages.
 */
export const Route = createFileRoute('/$lang/_embedded')({
  validateSearch: (search: Record<string, unknown>) => parseEmbedSearch(search),
  beforeLoad: ({ context }) => {
    setSsrFrameAncestors(context.config.embed?.allowedOrigins ?? [])
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: EmbeddedRoute,
})

function EmbeddedRoute() {
  const frame = Route.useSearch()
  const { config } = Route.useRouteContext()
  return (
    <EmbeddedLayout frame={frame} allowedOrigins={config.embed?.allowedOrigins}>
      <Outlet />
    </EmbeddedLayout>
  )
}
