import { readFileSync } from 'node:fs'

/** The pids of a process's children (Linux: /proc), e.g. a cluster primary's workers. */
export const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
