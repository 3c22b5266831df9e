/** The keyboard moves of the inbox, one table so the help dialog and the handler cannot drift apart. */
import { useTranslation } from "react-i18next"
import { Classes, Dialog, DialogBody, HTMLTable } from "@blueprintjs/core"

export type ShortcutAction = "next" | "previous" | "close" | "take" | "focus" | "search" | "help"

/** `code` is the physical key (Alt+letter types other characters on some layouts); `key` for the rest. */
export const SHORTCUTS: readonly {
  action: ShortcutAction
  keys: readonly string[]
  alt: boolean
  code?: string
  key?: string
}[] = [
  { action: "next", keys: ["Alt", "↓"], alt: true, key: "ArrowDown" },
  { action: "previous", keys: ["Alt", "↑"], alt: true, key: "ArrowUp" },
  { action: "focus", keys: ["Alt", "R"], alt: true, code: "KeyR" },
  { action: "take", keys: ["Alt", "A"], alt: true, code: "KeyA" },
  { action: "close", keys: ["Alt", "C"], alt: true, code: "KeyC" },
  { action: "search", keys: ["Alt", "F"], alt: true, code: "KeyF" },
  { action: "help", keys: ["?"], alt: false, key: "?" },
]

export const shortcutOf = (event: KeyboardEvent, typing: boolean): ShortcutAction | null => {
  for (const s of SHORTCUTS) {
    if (s.alt !== event.altKey || event.ctrlKey || event.metaKey) continue
    if (!s.alt && typing) continue
    if ((s.key && event.key === s.key) || (s.code && event.code === s.code)) return s.action
  }
  return null
}

const COMPOSER_KEYS: readonly { keys: readonly string[]; label: string }[] = [
  { keys: ["Enter"], label: "chat.shortcuts.send" },
  { keys: ["Shift", "Enter"], label: "chat.shortcuts.newline" },
  { keys: ["/"], label: "chat.shortcuts.canned" },
]

export const ShortcutsDialog = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const row = (keys: readonly string[], label: string) => (
    <tr key={label}>
      <td>{label}</td>
      <td className="mc-kbd">
        {keys.map((k) => (
          <kbd key={k} className={Classes.KEY}>
            {k}
          </kbd>
        ))}
      </td>
    </tr>
  )
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("chat.shortcuts.title")} icon="key" data-testid="chat-shortcuts">
      <DialogBody>
        <HTMLTable compact striped className="mc-shortcuts">
          <tbody>
            {SHORTCUTS.map((s) => row(s.keys, t(`chat.shortcuts.${s.action}`)))}
            {COMPOSER_KEYS.map((s) => row(s.keys, t(s.label)))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  )
}
