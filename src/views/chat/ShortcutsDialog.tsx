/** The keyboard moves of the inbox, one table so the help dialog and the handler cannot drift apart. */
import { useTranslation } from "react-i18next"
import { Callout, Dialog, DialogBody } from "@blueprintjs/core"
import { opensHelp, type ShortcutChoices } from "../../machines/shell/shortcuts-machine"
import { KeysTable } from "../common/KeysTable"

export type ShortcutAction = "next" | "previous" | "close" | "take" | "focus" | "search" | "labels" | "help"

/**
 * `code` is the physical key (Alt+letter types other characters on some layouts, Arabic among them); `key` for the
 * rest. Up and down need no mirroring right to left; the help key is the person's choice (shortcuts-machine.ts).
 */
export const SHORTCUTS: readonly {
  action: Exclude<ShortcutAction, "help">
  keys: readonly string[]
  code?: string
  key?: string
}[] = [
  { action: "next", keys: ["Alt", "↓"], key: "ArrowDown" },
  { action: "previous", keys: ["Alt", "↑"], key: "ArrowUp" },
  { action: "focus", keys: ["Alt", "R"], code: "KeyR" },
  { action: "take", keys: ["Alt", "A"], code: "KeyA" },
  { action: "close", keys: ["Alt", "C"], code: "KeyC" },
  { action: "labels", keys: ["Alt", "L"], code: "KeyL" },
  { action: "search", keys: ["Alt", "F"], code: "KeyF" },
]

/** The action of a key press: Alt chords anywhere, the single help key only outside a field and when chosen. */
export const shortcutOf = (event: KeyboardEvent, typing: boolean, choices: ShortcutChoices): ShortcutAction | null => {
  if (event.ctrlKey || event.metaKey) return null
  if (!event.altKey) return !typing && opensHelp(choices, event.key) ? "help" : null
  for (const s of SHORTCUTS) if ((s.key && event.key === s.key) || (s.code && event.code === s.code)) return s.action
  return null
}

const COMPOSER_KEYS: readonly { keys: readonly string[]; label: string }[] = [
  { keys: ["Enter"], label: "chat.shortcuts.send" },
  { keys: ["Shift", "Enter"], label: "chat.shortcuts.newline" },
  { keys: ["/"], label: "chat.shortcuts.canned" },
]

export const ShortcutsDialog = ({ isOpen, onClose, choices }: { isOpen: boolean; onClose: () => void; choices: ShortcutChoices }) => {
  const { t } = useTranslation()
  const helpOn = choices.singleKeys
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("chat.shortcuts.title")} icon="key" data-testid="chat-shortcuts">
      <DialogBody>
        <KeysTable
          rows={[
            ...SHORTCUTS.map((s) => ({ keys: s.keys, label: t(`chat.shortcuts.${s.action}`) })),
            { keys: helpOn ? [choices.helpKey, "F1"] : ["F1"], label: t("chat.shortcuts.help") },
            ...COMPOSER_KEYS.map((s) => ({ keys: s.keys, label: t(s.label) })),
          ]}
        />
        {helpOn ? null : (
          <Callout compact icon="info-sign" data-testid="chat-shortcuts-single-off">
            {t("chat.shortcuts.singleOff")}
          </Callout>
        )}
      </DialogBody>
    </Dialog>
  )
}
