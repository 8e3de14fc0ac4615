/** A legal text of the shop; the HTML was sanitised on the server (src/server/rich-text.ts). */
export function LegalPage({ title, html }: { title: string; html: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <div className="prose-shop mt-6" data-testid="legal-text" dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  )
}
