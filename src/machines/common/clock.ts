/**
 * A call's elapsed time as mm:ss: minutes keep counting past 59 (75:03, never 1:15:03) because a call card and the
 * softphone have room for five characters and calls rarely pass an hour. Whole seconds only, never below 00:00.
 */
export const formatClock = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds))
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
}
