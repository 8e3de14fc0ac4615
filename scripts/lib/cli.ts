// The frame of the commands that work on the shop's database (npm run shop, npm run admin): a
// usage error exits 2 with the usage, a failure 1 with its message, and the command itself runs
// in-process against a Db (so tests call it without spawning a process).
import type { Db } from '../../src/server/db/client'
import type { Env } from '../../src/server/env'
import { prepareDatabase } from '../../src/server/prepare'

/** A wrong command line: exit 2 with the usage. */
export class UsageError extends Error {}

export type CommandResult = { status: 0 | 1 | 2; out: string; err: string }

/**
 * Runs `command` with a `print` that collects its output: status 0 and the output, or 2 with the
 * usage (UsageError), or 1 with the output so far and the error's message prefixed by `[name]`.
 */
export async function collectOutput(name: string, command: (print: (line: string) => void) => Promise<void>): Promise<CommandResult> {
  const lines: string[] = []
  const out = () => lines.map((l) => `${l}\n`).join('')
  try {
    await command((line) => lines.push(line))
    return { status: 0, out: out(), err: '' }
  } catch (error) {
    if (error instanceof UsageError) return { status: 2, out: '', err: `${error.message}\n` }
    return { status: 1, out: out(), err: `[${name}] ${error instanceof Error ? error.message : String(error)}\n` }
  }
}

/**
 * The process around a command: checks the arguments first (exit 2 before the database opens),
 * migrates and seeds like `npm start`, runs it, prints its output and exits with its status.
 */
export function runCommandLine(
  name: string,
  parse: (args: string[]) => unknown,
  run: (db: Db, args: string[], env: Env) => Promise<CommandResult>,
) {
  const main = async (): Promise<number> => {
    const args = process.argv.slice(2)
    try {
      parse(args)
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`)
      return 2
    }
    const runtime = await prepareDatabase(() => {})
    const database = runtime.database
    if (!database) throw new Error(`API_ORIGIN is set: the data of \`npm run ${name}\` live in that back end, not here.`)
    try {
      const result = await run(database.db, args, runtime.env)
      process.stdout.write(result.out)
      process.stderr.write(result.err)
      return result.status
    } finally {
      await database.close()
    }
  }
  main().then(
    (status) => process.exit(status),
    (error) => {
      console.error(`[${name}] ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
