/**
 * The console's one toaster (Blueprint's overlay, top, three at most), created on first use. Blueprint marks a toast's
 * message as an alert; in the logged-in frame the shell's live regions say it instead (a failure assertively, the
 * rest politely) and the toast's own words are hidden from screen readers, so nothing is read twice.
 */
import { Intent, OverlayToaster, Position, type Toaster } from "@blueprintjs/core"
import type { Announce } from "../../machines/shell/announcer-machine"

/** Spec 000 section 9: a copy confirmation lasts 2 seconds, a snackbar hides after 6000 ms. */
export const TOAST_MS = { copied: 2000, notice: 6000 } as const

type ToastAnnouncer = (announcement: Omit<Announce, "type">) => void
let announcer: ToastAnnouncer | null = null

/** The shell's live regions take the toasts' words while mounted; the returned function lets go. */
export const announceToastsWith = (announce: ToastAnnouncer) => {
  announcer = announce
  return () => {
    if (announcer === announce) announcer = null
  }
}

let toaster: Promise<Toaster> | null = null
export const toast = async (message: string, intent: Intent, testId: string, timeout: number = TOAST_MS.notice) => {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 3 })
  // The same words while the toast is still up are the same toast to a listener.
  announcer?.({
    key: `toast:${intent}:${message}`,
    politeness: intent === Intent.DANGER ? "assertive" : "polite",
    words: { text: message },
    forgetAfterMs: timeout,
  })
  const spoken = announcer !== null
  ;(await toaster).show({
    message: (
      <span data-testid={testId} aria-hidden={spoken || undefined}>
        {message}
      </span>
    ),
    intent,
    timeout,
  })
}
