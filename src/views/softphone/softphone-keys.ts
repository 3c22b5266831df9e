/**
 * The softphone's keyboard moves, one table so the help dialog and the handler cannot drift apart. Alt chords by
 * physical key (Alt+letter types other characters on some layouts, Arabic among them), as in the inbox; the help key
 * is the person's choice (shortcuts-machine.ts). Digits, * and # during a connected call are sent as tones. During a
 * warm transfer's consult the same keys act on the consult (the machine routes them: softphone-consult.ts).
 */
import { opensHelp, type ShortcutChoices } from "../../machines/shell/shortcuts-machine"

export type PhoneKeyAction = "dial" | "answer" | "end" | "mute" | "hold" | "transfer" | "help"

export const PHONE_KEYS: readonly { action: Exclude<PhoneKeyAction, "help">; keys: readonly string[]; code: string }[] = [
  { action: "dial", keys: ["Alt", "N"], code: "KeyN" },
  { action: "answer", keys: ["Alt", "A"], code: "KeyA" },
  { action: "end", keys: ["Alt", "X"], code: "KeyX" },
  { action: "mute", keys: ["Alt", "M"], code: "KeyM" },
  { action: "hold", keys: ["Alt", "H"], code: "KeyH" },
  { action: "transfer", keys: ["Alt", "T"], code: "KeyT" },
]

/** The action of a key press: Alt chords anywhere, the single help key only outside a field and when chosen. */
export const phoneKeyOf = (event: KeyboardEvent, typing: boolean, choices: ShortcutChoices): PhoneKeyAction | null => {
  if (event.ctrlKey || event.metaKey) return null
  if (!event.altKey) return !typing && opensHelp(choices, event.key) ? "help" : null
  return PHONE_KEYS.find((k) => event.code === k.code)?.action ?? null
}
