import { createFileRoute } from '@tanstack/react-router'

/** Every path: one small page, rendered on the server like the shop's pages. */
export const Route = createFileRoute('/$')({
  component: () => (
    <main>
      <h1>Floor</h1>
      <p>A minimal TanStack Start page of the shop&apos;s dependency versions.</p>
    </main>
  ),
})
