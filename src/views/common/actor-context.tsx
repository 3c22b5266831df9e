/**
 * How views reach the actor system: the root actor in a React context, and typed refs of the singletons by their
 * systemIds. Views read snapshots with `useSelector` and send events; they never call services.
 */
import { useSelector } from "@xstate/react"
import { createContext, useContext, useEffect } from "react"
import type { AnyActorRef } from "xstate"
import type { RootEvent } from "../../machines/root/root-machine"
import { type SystemActors, type SystemId, systemActor } from "../../machines/system-ids"

const RootContext = createContext<AnyActorRef | null>(null)

export const RootActorProvider = RootContext.Provider

export const useRootActor = (): AnyActorRef => {
  const root = useContext(RootContext)
  if (!root) throw new Error("useRootActor outside RootActorProvider")
  return root
}

const useSystemActor = <Id extends SystemId>(systemId: Id): NonNullable<SystemActors[Id]> => {
  const actor = systemActor(useRootActor().system, systemId)
  if (!actor) throw new Error(`actor ${systemId} is not running`)
  return actor
}

export const useSessionActor = () => useSystemActor("session")
export const useAclActor = () => useSystemActor("acl")
export const useLayoutActor = () => useSystemActor("layout")
export const useAccountActor = () => useSystemActor("account")
export const useNavGroupsActor = () => useSystemActor("navGroups")
export const useQuickJumpActor = () => useSystemActor("quickJump")
export const useAnnouncerActor = () => useSystemActor("announcer")
export const useShortcutsActor = () => useSystemActor("shortcuts")

/**
 * A page actor (declared in its feature's manifest) for as long as the calling view is mounted: the root spawns it on
 * `page.open` under the systemId `id` and stops it on `page.close`; a new input reopens it. Null until it runs. Page
 * ids are not in the system's typed map (system-ids.ts): the view names its page actor's type.
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
