/**
 * Check number and Clear number (page actors `check-number`, `clear-number`): one number or a pasted list (one per
 * line, or separated by commas or semicolons) is read into international numbers; a list with an unreadable entry or
 * over MAX_NUMBERS is stopped before any call and says which; RUN asks the server and keeps its answer beside the list.
 *
 *   editing --RUN (list readable)--> working --done--> editing (result kept) ; --error--> editing (failure kept)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { NumberCheck } from "../../contract/groups/template-tools"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { type AppServices, fromEffect } from "../common/from-effect"
import { numberOf } from "./template-send-draft"

export const MAX_NUMBERS = 1000

export type NumbersProblem = "empty" | "unreadable" | "tooMany"

export interface ReadNumbers {
  readonly numbers: readonly string[]
  readonly unreadable: readonly string[]
}

/** The pasted text as numbers (de-duplicated, in order) and the entries that are not numbers. */
export const readNumbers = (text: string): ReadNumbers => {
  const entries = text
    .split(/[\n,;]+/)
    .map((e) => e.trim())
    .filter((e) => e !== "")
  const numbers: string[] = []
  const unreadable: string[] = []
  for (const entry of entries) {
    const n = numberOf(entry)
    if (n === null) unreadable.push(entry)
    else if (!numbers.includes(n)) numbers.push(n)
  }
  return { numbers, unreadable }
}

export const numbersProblemOf = (read: ReadNumbers): NumbersProblem | null => {
  if (read.unreadable.length > 0) return "unreadable"
  if (read.numbers.length === 0) return "empty"
  return read.numbers.length > MAX_NUMBERS ? "tooMany" : null
}

export interface NumbersToolContext<R> {
  readonly text: string
  readonly problem: NumbersProblem | null
  readonly result: R | null
  readonly failure: Failure | null
}

export type NumbersToolEvent = { type: "TEXT"; value: string } | { type: "RUN" }

const createNumbersTool = <R>(id: string, run: (numbers: readonly string[]) => Effect.Effect<R, unknown, AppServices>) =>
  setup({
    types: { context: {} as NumbersToolContext<R>, events: {} as NumbersToolEvent },
    actors: { run: fromEffect<R, readonly string[]>(run) },
    guards: { readable: ({ context }) => numbersProblemOf(readNumbers(context.text)) === null },
  }).createMachine({
    id,
    context: { text: "", problem: null, result: null, failure: null },
    initial: "editing",
    states: {
      editing: {
        on: {
          TEXT: { actions: assign({ text: ({ event }) => event.value, problem: null, failure: null }) },
          RUN: [
            { guard: "readable", target: "working" },
            { actions: assign({ problem: ({ context }) => numbersProblemOf(readNumbers(context.text)) }) },
          ],
        },
      },
      working: {
        invoke: {
          id: "run",
          src: "run",
          input: ({ context }) => readNumbers(context.text).numbers,
          onDone: { target: "editing", actions: assign({ result: ({ event }) => event.output, failure: null }) },
          onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        },
      },
    },
  })

export const checkNumbersMachine = createNumbersTool<readonly NumberCheck[]>("checkNumbers", (numbers) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("templateTools", "templateNumbersCheck", { numbers: [...numbers] })).data
  }),
)

export interface ClearResult {
  readonly cleared: readonly string[]
  readonly not_listed: readonly string[]
}

export const clearNumbersMachine = createNumbersTool<ClearResult>("clearNumbers", (numbers) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("templateTools", "templateNumbersClear", { numbers: [...numbers] })).data
  }),
)
