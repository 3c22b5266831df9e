/** The softphone's keyboard shortcuts (`?` or F1 on the PBX page), from the table the key handler reads. */
import { useTranslation } from "react-i18next"
import { Callout, Dialog, DialogBody } from "@blueprintjs/core"
import type { ShortcutChoices } from "../../machines/shell/shortcuts-machine"
import { KeysTable } from "../common/KeysTable"
import { PHONE_KEYS } from "./softphone-keys"

export const PhoneKeysDialog = ({ isOpen, onClose, choices }: { isOpen: boolean; onClose: () => void; choices: ShortcutChoices }) => {
  const { t } = useTranslation()
  const helpOn = choices.singleKeys
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t("pbx.keys.title")} icon="key" data-testid="softphone-keys">
      <DialogBody>
        <KeysTable
          rows={[
            ...PHONE_KEYS.map((k) => ({ keys: k.keys, label: t(`pbx.keys.${k.action}`) })),
            { keys: ["Enter"], label: t("pbx.keys.call") },
            { keys: ["0–9", "*", "#"], label: t("pbx.keys.tones") },
            { keys: helpOn ? [choices.helpKey, "F1"] : ["F1"], label: t("pbx.keys.help") },
          ]}
        />
        {helpOn ? null : (
          <Callout compact icon="info-sign">
            {t("pbx.keys.singleOff")}
          </Callout>
        )}
      </DialogBody>
    </Dialog>
  )
}
