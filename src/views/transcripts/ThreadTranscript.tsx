/** "Download transcript" in the open conversation's header (the chat screen holds no transcripts actor of its own). */
import { TranscriptDownload } from "./TranscriptDownload"
import { useTranscripts } from "./use-transcripts"

export const ThreadTranscript = ({ conversationId }: { conversationId: number }) => {
  const actor = useTranscripts()
  return actor ? <TranscriptDownload actor={actor} conversationId={conversationId} /> : null
}
