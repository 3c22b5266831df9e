/** "Call a customer": a number and a Call button in a popover; the call centre decides whether the dial may go out. */
import { useState } from "react"
import { Button, InputGroup, PopoverNext } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"

export const DialButton = ({ onDial }: { onDial: (number: string) => void }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [number, setNumber] = useState("")
  const dial = () => {
    const trimmed = number.trim()
    if (!trimmed) return
    onDial(trimmed)
    setOpen(false)
    setNumber("")
  }
  const form = (
    <form
      className="mc-call-dial"
      onSubmit={(e) => {
        e.preventDefault()
        dial()
      }}
    >
      <InputGroup
        autoFocus
        type="tel"
        dir="ltr"
        leftIcon="phone"
        value={number}
        placeholder={t("calls.dial.number")}
        aria-label={t("calls.dial.number")}
        onChange={(e) => setNumber(e.target.value)}
        data-testid="dial-number"
      />
      <Button type="submit" intent="success" text={t("calls.dial.call")} disabled={!number.trim()} data-testid="dial-call" />
    </form>
  )
  return (
    <PopoverNext isOpen={open} onInteraction={setOpen} content={form} placement="top-end" portalClassName="mc-call-portal">
      <Button icon="phone" text={t("calls.dial.open")} data-testid="dial-open" />
    </PopoverNext>
  )
}
