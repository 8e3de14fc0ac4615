import { useState } from 'react'
import type { Granularity } from '~/api/admin-finance.queries'
import { rangeProblem, type RangeProblem } from './ranges'

/**
 * The state of a range form (from, to, granularity) of the finance and report pages: it starts
 * from the page's query and follows it when another range is navigated to (a quick choice, the
 * browser's back button — `resetKey` changes; `onReset` lets the page reset its own fields), and
 * checks a range before it is asked for.
 */
export function useRangeForm<G extends Granularity>(query: { from: string; to: string; granularity: G }, resetKey: string, onReset?: () => void) {
  const [from, setFrom] = useState(query.from)
  const [to, setTo] = useState(query.to)
  const [granularity, setGranularity] = useState<G>(query.granularity)
  const [problem, setProblem] = useState<RangeProblem | null>(null)
  const [shown, setShown] = useState(resetKey)
  if (shown !== resetKey) {
    setShown(resetKey)
    setFrom(query.from)
    setTo(query.to)
    setGranularity(query.granularity)
    setProblem(null)
    onReset?.()
  }
  /** Whether the range may be asked for; else its problem is shown. */
  const check = () => {
    const found = rangeProblem(from, to, granularity)
    setProblem(found)
    return found === null
  }
  return { from, setFrom, to, setTo, granularity, setGranularity, problem, check }
}
