/** `YYYY-MM-DD` + n days (calendar arithmetic, no time zone). */
export function addDaysToDay(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + n)
  return date.toISOString().slice(0, 10)
}
