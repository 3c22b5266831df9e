/**
 * How views reach the actor system: the root actor in a React context, and typed refs of the singletons by their
 * systemIds. Views read snapshots with `useSelector` and send events; they never call services.
 */
import { createContext, useContext } from "react"
import type { ActorRefFrom, AnyActorRef } from "xstate"
import type { aclMachine } from "../../machines/acl/acl-machine"
import type { layoutMachine } from "../../machines/shell/layout-machine"
import type { accountMachine } from "../../machines/session/account-machine"
import type { sessionMachine } from "../../machines/session/session-machine"

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
