/** The screen's `transcripts` page actor, with its files handed to the browser and its failures told once. */
import { useCallback, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { transcriptsMachine } from "../../machines/transcripts/transcripts-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"
import { useSaveFile } from "../contacts/use-save-file"

export type TranscriptsRef = ActorRefFrom<typeof transcriptsMachine>

export const useTranscripts = (): TranscriptsRef | null => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const actor = usePageActor<TranscriptsRef>("transcripts")
  const download = useSelector(actor ?? undefined, (s) => s?.context.download ?? null)
  const failure = useSelector(actor ?? undefined, (s) => s?.context.failure ?? null)
  const saved = useCallback(() => actor?.send({ type: "DOWNLOAD.SAVED" }), [actor])
  useSaveFile(download, saved)
  useEffect(() => {
    if (failure) void toast(t("transcripts.failed", { message: failureText(failure) }), "danger", "transcript-failed")
  }, [failure, failureText, t])
  return actor
}
