/**
 * The ACL gate (systemId `acl`): holds the stored access lists and answers, for every navigation, whether the
 * route opens or where the user goes instead. The decision itself is `decide` (pure); the machine's states name
 * each outcome so the inspector and the model-based tests can see them.
 *
 * While it holds a list it listens on the socket's `acl` channel (src/contract/acl-events.ts): an admin's change to
 * the user's access arrives as `acl:changed`, is adopted at once (the sidebar and the route gate follow) and stored,
 * so a reload keeps it. An event older than the last applied (`seq`) is ignored. When the socket is refused (the server
 * ended this login: the business was disabled or deleted, the token revoked), one call confirms it, and its 401 ends
 * the session as every 401 does (alert, storage cleared, back to the login: src/services/api), so the person is logged
 * out live rather than at their next click.
 */
import { Effect } from "effect"
import { assertEvent, assign, setup, spawnChild, stopChild } from "xstate"
import type { AclToBrowser } from "../../contract/acl-events"
import { VOICE_CALL_KEY, backKey } from "../../contract/routes"
import { Api } from "../../services/api/api"
import { Storage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"
import { decide, type Decision, type UserAcl } from "./decide"

export type BackAcl = Readonly<Record<string, unknown>>

export interface AclContext {
  readonly userAcl: UserAcl | null
  readonly backAcl: BackAcl
  readonly path: string | null
  readonly decision: Decision | null
  /** The seq of the last live change applied (0: none since the list was set). */
  readonly seq: number
  /** Whether the socket was already reopened once after a refusal the server's API did not confirm (one retry per list). */
  readonly reopened: boolean
}

export type AclChanged = { type: "rt.acl:changed" } & AclToBrowser["acl:changed"]

export type AclEvent =
  | { type: "ACL.SET"; userAcl: UserAcl; backAcl: BackAcl }
  | { type: "ACL.CLEAR" }
  | { type: "NAVIGATE"; path: string }
  | RealtimeEvent<"acl">

/** Stores lists changed live where the session keeps them, so a reload starts from them. */
const storeLists = fromEffect<void, { readonly userAcl: UserAcl; readonly backAcl: BackAcl }>(({ userAcl, backAcl }) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.setJson(StorageKeys.userAcl, userAcl)
    yield* storage.setJson(StorageKeys.backAcl, backAcl)
  }),
)

/**
 * A cheap credentialed call, a moment after the refusal (a socket opened while the login was being stored has no token
 * yet): a 401 resets the session in the API service; a success means the login is alive and the socket may reopen.
 */
export const CONFIRM_DELAY_MS = 1000
const confirmSession = fromEffect<boolean, void>(() =>
  Effect.gen(function* () {
    yield* Effect.sleep(CONFIRM_DELAY_MS)
    const api = yield* Api
    yield* api.call("auth", "clientSettings", {})
    return true
  }).pipe(Effect.orElseSucceed(() => false)),
)

/** What `decide` says of a NAVIGATE (the guards below are only on NAVIGATE transitions). */
const navigate = (context: AclContext, event: AclEvent) => {
  assertEvent(event, "NAVIGATE")
  return decide(event.path, context.userAcl)
}

const is =
  (kind: Decision["kind"], reason?: string) =>
  ({ context, event }: { context: AclContext; event: AclEvent }) => {
    const decision = navigate(context, event)
    return decision.kind === kind && (reason === undefined || (decision.kind === "redirect" && decision.reason === reason))
  }

const whenRedirectTo =
  (target: string) =>
  ({ context, event }: { context: AclContext; event: AclEvent }) => {
    const decision = navigate(context, event)
    return decision.kind === "redirect" && decision.reason === "forbidden" && decision.to === target
  }

/** Guarded NAVIGATE transitions; the last entry of each list is what `decide` leaves. */
const withoutList = {
  NAVIGATE: [
    { guard: "opens", target: "#acl.noList.open", actions: "record" },
    { guard: "goesToRootTarget", target: "#acl.noList.toDashboard", actions: "record" },
    { guard: "isUnknown", target: "#acl.noList.toNotFound", actions: "record" },
    { target: "#acl.noList.toLogin", actions: "record" },
  ],
} as const

const withList = {
  NAVIGATE: [
    { guard: "opens", target: "#acl.hasList.open", actions: "record" },
    { guard: "showsLanding", target: "#acl.hasList.landing", actions: "record" },
    { guard: "goesToRootTarget", target: "#acl.hasList.toDashboard", actions: "record" },
    { guard: "isUnknown", target: "#acl.hasList.toNotFound", actions: "record" },
    { guard: "forbiddenToRoot", target: "#acl.hasList.toRoot", actions: "record" },
    { target: "#acl.hasList.toHome", actions: "record" },
  ],
} as const

export const aclMachine = setup({
  types: {
    context: {} as AclContext,
    events: {} as AclEvent,
    input: {} as { userAcl?: UserAcl | null; backAcl?: BackAcl } | undefined,
  },
  actors: { live: fromRealtime("acl"), storeLists, confirmSession },
  guards: {
    newer: ({ context, event }) => {
      assertEvent(event, "rt.acl:changed")
      return event.seq > context.seq
    },
    opens: is("open"),
    showsLanding: is("landing"),
    goesToRootTarget: is("redirect", "root"),
    isUnknown: is("redirect", "notFound"),
    forbiddenToRoot: whenRedirectTo("/"),
    startsWithList: ({ context }) => context.userAcl !== null,
    refused: ({ event }) => {
      assertEvent(event, "rt.status")
      return event.status === "unauthorized"
    },
    mayReopen: ({ context, event }) => !context.reopened && (event as { output?: unknown }).output === true,
  },
  actions: {
    record: assign(({ context, event }) => {
      assertEvent(event, "NAVIGATE")
      return { path: event.path, decision: decide(event.path, context.userAcl) }
    }),
    store: assign(({ event }) => {
      assertEvent(event, "ACL.SET")
      return { userAcl: event.userAcl, backAcl: event.backAcl, seq: 0, reopened: false }
    }),
    adopt: assign(({ event }) => {
      assertEvent(event, "rt.acl:changed")
      return { userAcl: event.user_acl, backAcl: event.back_acl, seq: event.seq, decision: null }
    }),
    persist: spawnChild("storeLists", { input: ({ context }) => ({ userAcl: context.userAcl ?? {}, backAcl: context.backAcl }) }),
    clear: assign({ userAcl: null, backAcl: {}, decision: null, seq: 0, reopened: false }),
    confirm: spawnChild("confirmSession", { id: "confirm-session" }),
    openLive: spawnChild("live", { id: "live" }),
    closeLive: stopChild("live"),
    markReopened: assign({ reopened: true }),
  },
}).createMachine({
  id: "acl",
  context: ({ input }) => ({
    userAcl: input?.userAcl ?? null,
    backAcl: input?.backAcl ?? {},
    path: null,
    decision: null,
    seq: 0,
    reopened: false,
  }),
  initial: "boot",
  states: {
    boot: { always: [{ guard: "startsWithList", target: "hasList" }, { target: "noList" }] },
    noList: {
      initial: "idle",
      on: { ...withoutList, "ACL.SET": { target: "#acl.hasList", actions: "store" } },
      states: { idle: {}, open: {}, toDashboard: {}, toLogin: {}, toNotFound: {} },
    },
    hasList: {
      initial: "idle",
      // One subscription for the whole login: a new list (ACL.SET) or a live change goes back to `idle` without
      // leaving `hasList`, so the socket stays open.
      entry: "openLive",
      exit: "closeLive",
      on: {
        ...withList,
        "ACL.SET": { target: "#acl.hasList.idle", actions: "store" },
        "rt.acl:changed": { guard: "newer", target: "#acl.hasList.idle", actions: ["adopt", "persist"] },
        "ACL.CLEAR": { target: "#acl.noList", actions: "clear" },
        "rt.status": { guard: "refused", actions: "confirm" },
        "xstate.done.actor.confirm-session": { guard: "mayReopen", actions: ["closeLive", "openLive", "markReopened"] },
      },
      states: { idle: {}, open: {}, landing: {}, toDashboard: {}, toNotFound: {}, toRoot: {}, toHome: {} },
    },
  },
})

/** Back-end feature access: `BACK:<permission>` must equal 1 (spec 000 section 6). */
export const hasBackPermission = (backAcl: BackAcl, permission: string): boolean => backAcl[backKey(permission)] === 1
/** Voice-call features need `FRONT:/channels/whatsapp-call` (spec 000 section 2). */
export const hasVoiceCalls = (userAcl: UserAcl | null): boolean => userAcl !== null && userAcl[VOICE_CALL_KEY] === true
