/** The console's one toaster (Blueprint's overlay, top, three at most), created on first use. */
import { OverlayToaster, Position, type Intent, type Toaster } from "@blueprintjs/core"

/** Spec 000 section 9: a copy confirmation lasts 2 seconds, a snackbar hides after 6000 ms. */
export const TOAST_MS = { copied: 2000, notice: 6000 } as const

let toaster: Promise<Toaster> | null = null
export const toast = async (message: string, intent: Intent, testId: string, timeout: number = TOAST_MS.notice) => {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 3 })
  ;(await toaster).show({ message: <span data-testid={testId}>{message}</span>, intent, timeout })
}
