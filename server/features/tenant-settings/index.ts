/**
 * The public module of the tenant's settings: what other features may use of them (the settings as they act now, the
 * texts the server sends customers by itself, the away message for a call nobody could take, the idle-close rule, the hand-out serving the queue now: SLA's reassign). The rest of
 * server/features/tenant-settings is its own.
 */
export { tenantSettings } from "./settings-store"
export { awayForCall } from "./away"
export { customerText, ownOr } from "./customer-texts"
export { saveSessionRule, sessionRuleOf } from "./session-rule"
export type { SessionRule } from "./session-rule"
export { serveQueue } from "./auto-assign"
