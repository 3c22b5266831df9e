/**
 * The root of the actor system (systemId `root`): it owns the page-long singletons. Later features add their
 * actors here (the call centre, the paged reports) with their own systemIds.
 */
import { setup } from "xstate"
import { aclMachine } from "./acl/acl-machine"
import { layoutMachine } from "./layout/layout-machine"
import { accountMachine } from "./session/account-machine"
import { sessionMachine } from "./session/session-machine"
import type { LayoutSettings, Theme } from "./layout/layout-settings"

export interface RootInput {
  readonly cachedLayout?: { layout: LayoutSettings; theme: Theme } | null
}

export const rootMachine = setup({
  types: { input: {} as RootInput | undefined, context: {} as { cachedLayout: RootInput["cachedLayout"] } },
  actors: { acl: aclMachine, layout: layoutMachine, account: accountMachine, session: sessionMachine },
}).createMachine({
  id: "root",
  context: ({ input }) => ({ cachedLayout: input?.cachedLayout ?? null }),
  // The ACL gate and the layout come first: the session tells them about the stored session as soon as it is read.
  invoke: [
    { id: "acl", systemId: "acl", src: "acl", input: undefined },
    { id: "layout", systemId: "layout", src: "layout", input: ({ context }) => ({ cached: context.cachedLayout ?? null }) },
    { id: "account", systemId: "account", src: "account" },
    { id: "session", systemId: "session", src: "session" },
  ],
  initial: "running",
  states: { running: {} },
})
