/**
 * The announcer (systemId `announcer`): what the shell's two live regions say (WCAG 4.1.3). Machines send it
 * `ANNOUNCE` with a key naming the thing announced (a message id, a call id, a toast's words); the shell's polite
 * region (`role="status"`) reads the latest polite one, its assertive region (`role="alert"`) the latest assertive
 * one. A key already announced is dropped, so a repeated socket event, a restored call card or a double-clicked save
 * never reaches a screen reader twice. Keys of things with an id are remembered for the page's life (the last
 * REMEMBERED of them); a key given a `forgetAfterMs` (a toast's words) may be announced again once that has passed.
 * The words travel as an i18n key and values, so the view says them in the current language.
 */
import { type ActorSystem, assertEvent, assign, enqueueActions, setup } from "xstate"
import { systemActor } from "../system-ids"

export type Politeness = "polite" | "assertive"

/** An i18n key with its values, or words already in the user's language (a toast's). */
export type Words = { readonly key: string; readonly values?: Readonly<Record<string, string | number>> } | { readonly text: string }

export interface Announce {
  readonly type: "ANNOUNCE"
  /** What is announced, e.g. `message:812`, `call:wacid.1`: an announcement whose key was already announced is dropped. */
  readonly key: string
  readonly politeness: Politeness
  readonly words: Words
  /** The key may be announced again this long after (words that may come back, like a toast's). */
  readonly forgetAfterMs?: number
}

export type AnnouncerEvent = Announce | { type: "FORGET"; key: string }

export interface Announcement {
  /** Grows with every announcement: the view keys the region's text by it, so equal words are read again. */
  readonly seq: number
  readonly words: Words
}

export interface AnnouncerContext {
  readonly seq: number
  readonly polite: Announcement | null
  readonly assertive: Announcement | null
  /** Keys announced, oldest first. */
  readonly said: readonly string[]
}

/** Keys with an id kept this many at most: a shift's worth of messages, calls and conversations. */
export const REMEMBERED = 500

export const announcerMachine = setup({
  types: { context: {} as AnnouncerContext, events: {} as AnnouncerEvent },
  guards: {
    isNew: ({ context, event }) => {
      assertEvent(event, "ANNOUNCE")
      return !context.said.includes(event.key)
    },
  },
  actions: {
    say: assign(({ context, event }) => {
      assertEvent(event, "ANNOUNCE")
      const seq = context.seq + 1
      const said = [...context.said, event.key].slice(-REMEMBERED)
      return { seq, said, [event.politeness]: { seq, words: event.words } }
    }),
    forgetLater: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "ANNOUNCE")
      if (event.forgetAfterMs !== undefined) enqueue.raise({ type: "FORGET", key: event.key }, { delay: event.forgetAfterMs })
    }),
    forget: assign(({ context, event }) => {
      assertEvent(event, "FORGET")
      return { said: context.said.filter((key) => key !== event.key) }
    }),
  },
}).createMachine({
  id: "announcer",
  context: { seq: 0, polite: null, assertive: null, said: [] },
  on: {
    ANNOUNCE: { guard: "isNew", actions: ["say", "forgetLater"] },
    FORGET: { actions: "forget" },
  },
})

/** How a machine announces: through the system, so a test's system without the announcer announces nothing. */
export const announce = (system: ActorSystem<any>, announcement: Omit<Announce, "type">) =>
  systemActor(system, "announcer")?.send({ type: "ANNOUNCE", ...announcement })
