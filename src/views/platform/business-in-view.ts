/**
 * A screen's business picker and the business the console shows (root actor `businessInView`): the screen follows it
 * (a screen opened after a pick, or after a reload, is sent that business at once), and a pick on the screen changes
 * it for every screen after.
 */
import { useSelector } from "@xstate/react"
import { useCallback, useEffect } from "react"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { systemActor } from "../../machines/system-ids"
import { useRootActor } from "../common/actor-context"

/**
 * `clientId` is the business the screen's machine holds (null until it has one), `onPick` tells the machine of a
 * business. Answers what the picker calls on a choice, and the business the console shows (null while none is).
 */
export const useBusinessInView = (clientId: number | null, onPick: (business: PickedBusiness) => void) => {
  const actor = systemActor(useRootActor().system, "businessInView")
  const shown = useSelector(actor, (s) => s?.context.business ?? null)
  useEffect(() => {
    if (shown && shown.id !== clientId) onPick(shown)
  }, [shown, clientId, onPick])
  const pick = useCallback(
    (business: PickedBusiness) => {
      actor?.send({ type: "BUSINESS.VIEW", business })
      onPick(business)
    },
    [actor, onPick],
  )
  return { pick, shown }
}
