import { describe, expect, it } from 'vitest'
import { nextSelectable } from './calendar-keys'

// June 2025: the 1st is a Sunday. Days that can be chosen: 2, 3, 9, 10, 20, 30.
const dates = Array.from({ length: 30 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`)
const open = new Set(['2025-06-02', '2025-06-03', '2025-06-09', '2025-06-10', '2025-06-20', '2025-06-30'])
const selectable = (d: string) => open.has(d)
const at = (day: number) => day - 1

describe('nextSelectable (the booking calendar’s arrow keys)', () => {
  it('moves by a day to the next day that can be chosen, skipping the others', () => {
    expect(nextSelectable(dates, selectable, at(2), 'ArrowRight')).toBe('2025-06-03')
    expect(nextSelectable(dates, selectable, at(3), 'ArrowRight')).toBe('2025-06-09')
    expect(nextSelectable(dates, selectable, at(9), 'ArrowLeft')).toBe('2025-06-03')
  })

  it('moves by a week, then on in the same direction when that day cannot be chosen', () => {
    expect(nextSelectable(dates, selectable, at(2), 'ArrowDown')).toBe('2025-06-09')
    expect(nextSelectable(dates, selectable, at(3), 'ArrowDown')).toBe('2025-06-10')
    expect(nextSelectable(dates, selectable, at(10), 'ArrowDown')).toBe('2025-06-20') // the 17th is closed
    expect(nextSelectable(dates, selectable, at(20), 'ArrowUp')).toBe('2025-06-10') // the 13th, 12th, 11th are closed
  })

  it('Home and End go to the first and last day that can be chosen', () => {
    expect(nextSelectable(dates, selectable, at(10), 'Home')).toBe('2025-06-02')
    expect(nextSelectable(dates, selectable, at(10), 'End')).toBe('2025-06-30')
  })

  it('stays when there is no day that way, and leaves other keys alone', () => {
    expect(nextSelectable(dates, selectable, at(2), 'ArrowLeft')).toBeNull()
    expect(nextSelectable(dates, selectable, at(30), 'ArrowRight')).toBeNull()
    expect(nextSelectable(dates, selectable, at(30), 'ArrowDown')).toBeNull()
    expect(nextSelectable(dates, selectable, at(2), 'Enter')).toBeUndefined()
    expect(nextSelectable(dates, selectable, at(2), 'Tab')).toBeUndefined()
  })
})
