/** Whether the signed-in person may make a call: views draw a control only when its call would be let through. */
import { useSelector } from "@xstate/react"
import { type CallNeed, selectMayCall } from "../../machines/acl/may-call"
import { useAclActor } from "./actor-context"

export const useMayCall = (need: CallNeed): boolean => useSelector(useAclActor(), selectMayCall(need))
