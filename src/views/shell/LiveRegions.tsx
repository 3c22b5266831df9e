/**
 * The shell's two live regions (WCAG 4.1.3), always in the page so screen readers watch them from the start: the
 * polite one (`role="status"`) and the assertive one (`role="alert"`) say the announcer's latest words of each kind.
 * Each text is keyed by its announcement's number, so the node is replaced and equal words are read again. Toasts
 * are announced through the same announcer while this frame is mounted.
 */
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import type { Announcement } from "../../machines/shell/announcer-machine"
import { useAnnouncerActor } from "../common/actor-context"
import { announceToastsWith } from "../common/toast"

const Said = ({ said }: { said: Announcement | null }) => {
  const { t } = useTranslation()
  if (!said) return null
  return <span key={said.seq}>{"text" in said.words ? said.words.text : t(said.words.key, said.words.values)}</span>
}

export const LiveRegions = () => {
  const announcer = useAnnouncerActor()
  const polite = useSelector(announcer, (s) => s.context.polite)
  const assertive = useSelector(announcer, (s) => s.context.assertive)
  useEffect(() => announceToastsWith((announcement) => announcer.send({ type: "ANNOUNCE", ...announcement })), [announcer])
  return (
    <div className="mc-live">
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        <Said key={polite?.seq ?? 0} said={polite} />
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        <Said key={assertive?.seq ?? 0} said={assertive} />
      </div>
    </div>
  )
}
