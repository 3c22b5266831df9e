/** Helpers of the campaigns' server tests: a controlled clock for the job runner, and the calls by name. */
import { callOf } from "../../testing/harness"

/** The job runner's clock: real time plus an offset a test moves forward. */
export const movableClock = () => {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms
    },
  }
}

export const tc = (name: Parameters<typeof callOf<"templates">>[1]) => callOf("templates", name)
export const cc = (name: Parameters<typeof callOf<"campaigns">>[1]) => callOf("campaigns", name)

/** n distinct valid Turkish mobile numbers starting at `from`. */
export const numbersFrom = (from: number, n: number) => Array.from({ length: n }, (_, i) => `+90532${String(from + i).padStart(7, "0")}`)
