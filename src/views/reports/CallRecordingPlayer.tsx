/** A recorded call's player in a row (Call History's, the PBX call records'): its signed link, a row's height. */
import "./call-recording.css"

export const CallRecordingPlayer = ({ url, label }: { url: string; label: string }) => (
  <audio controls preload="metadata" className="mc-call-recording" src={url} aria-label={label} data-testid="call-recording" />
)
