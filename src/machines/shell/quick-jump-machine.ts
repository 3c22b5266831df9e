/**
 * The quick-jump box (systemId `quickJump`): Ctrl+K or the top bar's button opens it over the screens the person may
 * open (the view passes them with their titles in the current language); typing narrows them, the arrow keys move the
 * highlight, Enter goes to the highlighted screen (emitted as `go`), Escape closes it.
 */
import { assertEvent, assign, emit, setup } from "xstate"

export interface JumpTarget {
  readonly path: string
  readonly title: string
}

export interface QuickJumpContext {
  readonly targets: readonly JumpTarget[]
  readonly query: string
  readonly matches: readonly JumpTarget[]
  /** The highlighted match's index in `matches`. */
  readonly active: number
}

export type QuickJumpEvent =
  | { type: "JUMP.OPEN"; targets: readonly JumpTarget[] }
  | { type: "JUMP.CLOSE" }
  | { type: "JUMP.TYPE"; query: string }
  | { type: "JUMP.NEXT" }
  | { type: "JUMP.PREV" }
  /** Goes to the match at `index`, or to the highlighted one. */
  | { type: "JUMP.CHOOSE"; index?: number }

export type QuickJumpEmitted = { type: "go"; path: string }

/** Case- and accent-insensitive folding (Turkish dotted and dotless i alike), so "ayar" finds "Ayarlar". */
const fold = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ı/g, "i")

/** Titles holding every word of the query; those starting with the query first, then by title. */
export const matchesOf = (targets: readonly JumpTarget[], query: string): readonly JumpTarget[] => {
  const words = fold(query).split(/\s+/).filter(Boolean)
  const found = targets.filter((target) => words.every((word) => fold(target.title).includes(word)))
  const head = fold(query.trim())
  const starts = (target: JumpTarget) => (head !== "" && fold(target.title).startsWith(head) ? 0 : 1)
  return [...found].sort((a, b) => starts(a) - starts(b) || a.title.localeCompare(b.title))
}

const closed: QuickJumpContext = { targets: [], query: "", matches: [], active: 0 }

export const quickJumpMachine = setup({
  types: { context: {} as QuickJumpContext, events: {} as QuickJumpEvent, emitted: {} as QuickJumpEmitted },
  guards: {
    hasChoice: ({ context, event }) => {
      assertEvent(event, "JUMP.CHOOSE")
      return context.matches[event.index ?? context.active] !== undefined
    },
  },
  actions: {
    start: assign(({ event }) => {
      assertEvent(event, "JUMP.OPEN")
      return { targets: event.targets, query: "", matches: matchesOf(event.targets, ""), active: 0 }
    }),
    type: assign(({ context, event }) => {
      assertEvent(event, "JUMP.TYPE")
      return { query: event.query, matches: matchesOf(context.targets, event.query), active: 0 }
    }),
    next: assign({ active: ({ context }) => (context.matches.length === 0 ? 0 : (context.active + 1) % context.matches.length) }),
    prev: assign({
      active: ({ context }) => (context.matches.length === 0 ? 0 : (context.active - 1 + context.matches.length) % context.matches.length),
    }),
    go: emit(({ context, event }) => {
      assertEvent(event, "JUMP.CHOOSE")
      return { type: "go" as const, path: context.matches[event.index ?? context.active].path }
    }),
    reset: assign(closed),
  },
}).createMachine({
  id: "quickJump",
  context: closed,
  initial: "closed",
  states: {
    closed: { on: { "JUMP.OPEN": { target: "open", actions: "start" } } },
    open: {
      on: {
        "JUMP.TYPE": { actions: "type" },
        "JUMP.NEXT": { actions: "next" },
        "JUMP.PREV": { actions: "prev" },
        "JUMP.CHOOSE": { guard: "hasChoice", target: "closed", actions: ["go", "reset"] },
        "JUMP.CLOSE": { target: "closed", actions: "reset" },
        // Ctrl+K again while open closes it, as a toggle.
        "JUMP.OPEN": { target: "closed", actions: "reset" },
      },
    },
  },
})
