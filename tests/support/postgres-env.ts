/**
 * Whether the PostgreSQL suites run, for Vitest and Playwright alike (no test runner imported
 * here). Locally, without TEST_DATABASE_URL, they are skipped and say why; under CI they must
 * run, so a missing URL fails them instead: a CI run that quietly skipped half the data layer
 * would be green for the wrong reason.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined

/** CI=true (or 1), as `.ci/run` sets it. */
export const underCi = /^(true|1)$/i.test(process.env.CI?.trim() ?? '')

export const POSTGRES_HINT = 'TEST_DATABASE_URL is not set (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)'

/** The error of a PostgreSQL suite that cannot run under CI. */
export function postgresMissingUnderCi(what: string) {
  return new Error(`${POSTGRES_HINT}, and under CI the PostgreSQL suites must run, not skip: ${what}. Start the server (.ci/run tries 'pg_ctlcluster … main start') or set the variable.`)
}
