/** "Download transcript" of one conversation, as PDF or CSV: a small menu button (a history row, the thread's header). */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Menu, MenuItem, PopoverNext } from "@blueprintjs/core"
import type { TranscriptFormat } from "../../contract/groups/transcripts"
import { transcriptLanguageOf } from "../../machines/transcripts/transcripts-machine"
import type { TranscriptsRef } from "./use-transcripts"

export const TranscriptDownload = ({
  actor,
  conversationId,
  small,
}: {
  actor: TranscriptsRef
  conversationId: number
  small?: boolean
}) => {
  const { t, i18n } = useTranslation()
  const fetching = useSelector(actor, (s) => s.context.fetching === conversationId)
  const get = (format: TranscriptFormat) =>
    actor.send({ type: "DOWNLOAD", conversationId, format, language: transcriptLanguageOf(i18n.language) })
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <MenuItem icon="document" text={t("transcripts.pdf")} onClick={() => get("pdf")} data-testid="transcript-pdf" />
          <MenuItem icon="th" text={t("transcripts.csv")} onClick={() => get("csv")} data-testid="transcript-csv" />
        </Menu>
      }
    >
      <Button
        icon="download"
        small={small}
        variant={small ? "minimal" : undefined}
        loading={fetching}
        aria-label={t("transcripts.download")}
        title={t("transcripts.download")}
        data-testid="transcript-download"
      />
    </PopoverNext>
  )
}
