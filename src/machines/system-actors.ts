/**
 * Which machine runs under each of the system's well-known ids (the map system-ids.ts declares open): the root's
 * page-long actors (their manifests in src/app/features/*.ts say the same ids; features.test.ts checks the two
 * agree), the paged reports, the inbox's pick lists and the call centre's calls. No machine imports this module: it
 * only completes the types of `systemActor` (system-ids.ts). Each id names its base machine, not the live one the
 * root runs (`provide` keeps the type), so a machine's live actors may look themselves up.
 */
import type { ActorRefFrom } from "xstate"
import type { aclMachine } from "./acl/acl-machine"
import type { callCenterMachine } from "./calls/call-center-machine"
import type { incomingCallMachine } from "./calls/incoming-call-machine"
import type { outgoingCallMachine } from "./calls/outgoing-call-machine"
import type { chatInboxMachine } from "./chat/inbox-machine"
import type { lookupMachine } from "./chat/lookup-machine"
import type { businessInViewMachine } from "./session/business-in-view"
import type { AnyReportRef } from "./report-kit/report-machine"
import type { accountMachine } from "./session/account-machine"
import type { sessionMachine } from "./session/session-machine"
import type { announcerMachine } from "./shell/announcer-machine"
import type { layoutMachine } from "./shell/layout-machine"
import type { navGroupsMachine } from "./shell/nav-groups-machine"
import type { quickJumpMachine } from "./shell/quick-jump-machine"
import type { shortcutsMachine } from "./shell/shortcuts-machine"

/** The root's page-long actors, by systemId (features.test.ts checks them against the manifests). */
export interface RootActors {
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly account: ActorRefFrom<typeof accountMachine>
  readonly acl: ActorRefFrom<typeof aclMachine>
  readonly layout: ActorRefFrom<typeof layoutMachine>
  readonly navGroups: ActorRefFrom<typeof navGroupsMachine>
  readonly quickJump: ActorRefFrom<typeof quickJumpMachine>
  readonly announcer: ActorRefFrom<typeof announcerMachine>
  readonly shortcuts: ActorRefFrom<typeof shortcutsMachine>
  readonly callCenter: ActorRefFrom<typeof callCenterMachine>
  readonly "chat-inbox": ActorRefFrom<typeof chatInboxMachine>
  readonly businessInView: ActorRefFrom<typeof businessInViewMachine>
}

declare module "./system-ids" {
  interface SystemActors extends RootActors {
    /** One of the inbox's pick lists (`chat-lookup-<kind>`). */
    readonly [lookup: `chat-lookup-${string}`]: ActorRefFrom<typeof lookupMachine>
    /** An incoming call (`call-<callId>`), spawned by the call centre. */
    readonly [call: `call-${string}`]: ActorRefFrom<typeof incomingCallMachine>
    readonly "outgoing-call": ActorRefFrom<typeof outgoingCallMachine>
    /** A paged report, whichever its rows: a screen narrows it to its own (useReportActor). */
    readonly [report: ReportId]: AnyReportRef
  }
}
