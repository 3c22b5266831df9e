/** What the layout panel reads from the layout machine. */
import type { SnapshotFrom } from "xstate"
import type { layoutMachine } from "./layout-machine"

export type LayoutSnapshot = SnapshotFrom<typeof layoutMachine>

/** The panel's status line, an i18n key under `layout.`. */
export type SaveStatus = "localOnly" | "saving" | "saveFailed" | "saved"

export const selectSaveStatus = (s: LayoutSnapshot): SaveStatus =>
  s.hasTag("local") ? "localOnly" : s.hasTag("saving") ? "saving" : s.context.failed ? "saveFailed" : "saved"
