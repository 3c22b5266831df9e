/**
 * A warm transfer's consult call, under the held customer's call: "Consulting <name>" (or calling them, or handing
 * the customer over), the tones sent to them, and its own Mute (Alt+M while consulting; named after the colleague),
 * Complete transfer and Cancel, all reachable by Tab. Cancel ends the consult and resumes the customer; Complete is
 * offered once the colleague answered. The card's keypad sends its tones here while the consult lasts.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Intent, Spinner } from "@blueprintjs/core"
import type { SoftphoneActor } from "../../machines/softphone/softphone-machine"
import { selectConsult, selectRemote } from "../../machines/softphone/softphone-selectors"
import { useFormat } from "../common/format"

const STATUS_KEY = { ringing: "pbx.consultRinging", speaking: "pbx.consultSpeaking", completing: "pbx.consultCompleting" } as const

export const ConsultLine = ({ actor }: { actor: SoftphoneActor }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const consult = useSelector(actor, selectConsult)
  const remote = useSelector(actor, selectRemote) ?? ""
  if (!consult) return null
  return (
    <div className="mc-softphone-consult" data-step={consult.step} data-testid="softphone-consult">
      {consult.step === "speaking" ? null : <Spinner size={16} aria-hidden />}
      <span className="mc-softphone-consult-status" data-testid="softphone-consult-status">
        {t(STATUS_KEY[consult.step], { name: consult.name, remote })}
        {consult.tones ? (
          <span className="mc-softphone-tones" data-testid="softphone-consult-tones">
            {t("pbx.tonesSent", { tones: format.phone(consult.tones) })}
          </span>
        ) : null}
      </span>
      <span className="mc-softphone-consult-actions">
        <Button
          icon={consult.muted ? "volume-off" : "volume-up"}
          active={consult.muted}
          aria-pressed={consult.muted}
          aria-keyshortcuts="Alt+M"
          aria-label={t("pbx.consultMute", { name: consult.name })}
          text={t("pbx.mute")}
          onClick={() => actor.send({ type: "MUTE" })}
          data-testid="softphone-consult-mute"
        />
        <Button
          intent={Intent.SUCCESS}
          icon="exchange"
          text={t("pbx.consultComplete")}
          disabled={consult.step !== "speaking"}
          onClick={() => actor.send({ type: "CONSULT_COMPLETE" })}
          data-testid="softphone-consult-complete"
        />
        <Button
          icon="undo"
          text={t("pbx.consultCancel")}
          disabled={consult.step === "completing"}
          onClick={() => actor.send({ type: "CONSULT_CANCEL" })}
          data-testid="softphone-consult-cancel"
        />
      </span>
    </div>
  )
}
