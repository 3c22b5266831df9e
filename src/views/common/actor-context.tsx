/**
 * How views reach the actor system: the root actor in a React context, and typed refs of the singletons by their
 * systemIds. Views read snapshots with `useSelector` and send events; they never call services.
 */
import { useSelector } from "@xstate/react"
import { createContext, useContext, useEffect } from "react"
import type { ActorRefFrom, AnyActorRef } from "xstate"
import type { aclMachine } from "../../machines/acl/acl-machine"
import type { layoutMachine } from "../../machines/shell/layout-machine"
import type { accountMachine } from "../../machines/session/account-machine"
import type { sessionMachine } from "../../machines/session/session-machine"
import type { RootEvent } from "../../machines/root/root-machine"

const RootContext = createContext<AnyActorRef | null>(null)

export const RootActorProvider = RootContext.Provider

export const useRootActor = (): AnyActorRef => {
  const root = useContext(RootContext)
  if (!root) throw new Error("useRootActor outside RootActorProvider")
  return root
}

const useSystemActor = <T,>(systemId: string): T => {
  const actor = useRootActor().system.get(systemId) as T | undefined
  if (!actor) throw new Error(`actor ${systemId} is not running`)
  return actor
}

export const useSessionActor = () => useSystemActor<ActorRefFrom<typeof sessionMachine>>("session")
export const useAclActor = () => useSystemActor<ActorRefFrom<typeof aclMachine>>("acl")
export const useLayoutActor = () => useSystemActor<ActorRefFrom<typeof layoutMachine>>("layout")
export const useAccountActor = () => useSystemActor<ActorRefFrom<typeof accountMachine>>("account")

/**
 * A page actor (declared in its feature's manifest) for as long as the calling view is mounted: the root spawns it on
 * `page.open` under the systemId `id` and stops it on `page.close`; a new input reopens it. Null until it runs.
 */
export const usePageActor = <T extends AnyActorRef>(id: string, input?: unknown): T | null => {
  const root = useRootActor()
  const key = JSON.stringify(input ?? null)
  useEffect(() => {
    const value: unknown = JSON.parse(key)
    root.send({ type: "page.open", id, ...(value === null ? {} : { input: value }) } satisfies RootEvent)
    return () => root.send({ type: "page.close", id } satisfies RootEvent)
  }, [root, id, key])
  // Every open and close changes the root's snapshot, so the lookup runs again then.
  return useSelector(root, () => (root.system.get(id) as T | undefined) ?? null)
}
