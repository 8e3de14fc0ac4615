import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The e2e server's data directory (playwright.config.ts: DATA_DIR). */
export const E2E_DATA = join('test-results', 'e2e-data')

export type StaffRole = 'owner' | 'manager' | 'guide'

/** A demo staff member of a shop, as the server wrote them on its first start (`role email password` a line). */
export function credentials(shop: string, role: StaffRole) {
  const file = join(E2E_DATA, 'admin', `${shop}.credentials`)
  const line = readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(`${role} `))
  if (!line) throw new Error(`no ${role} in ${file}`)
  const [, email, password] = line.split(' ')
  return { email: email!, password: password! }
}
