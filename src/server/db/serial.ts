/**
 * Queries one after another, answered as `Promise.all` would. Inside a transaction every query
 * goes over one connection, which runs one query at a time: `pg` deprecates queueing them
 * (`client.query()` while a query runs), so code that may run in a transaction uses this.
 */
export async function serial<const T extends readonly (() => PromiseLike<unknown>)[]>(steps: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = []
  for (const step of steps) results.push(await step())
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }
}
