/** The open conversation's `scheduled-sends` page actor, with its failures told once. */
import { useEffect } from "react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { scheduledSendsMachine } from "../../machines/scheduled-sends/scheduled-sends-machine"
import { usePageActor, useRootActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"

export type ScheduledSendsRef = ActorRefFrom<typeof scheduledSendsMachine>

export const useScheduledSends = (conversationId: number): ScheduledSendsRef | null => {
  const failureText = useFailureText()
  const actor = usePageActor<ScheduledSendsRef>("scheduled-sends", { conversationId })
  // A failed save is shown in its dialog; a failed cancel is told here.
  const failure = useSelector(actor ?? undefined, (s) => (s?.matches({ edit: "idle" }) ? s.context.failure : null) ?? null)
  useEffect(() => {
    if (!failure || !actor) return
    void toast(failureText(failure), "danger", "scheduled-send-failed")
    actor.send({ type: "DISMISS" })
  }, [failure, failureText, actor])
  return actor
}

/** The open thread's actor for a dialog inside it (the template picker): the thread opened it; null when none runs. */
export const useRunningScheduledSends = (): ScheduledSendsRef | null => {
  const root = useRootActor()
  return useSelector(root, () => (root.system.get("scheduled-sends") as ScheduledSendsRef | undefined) ?? null)
}
