/** "Try it": a simulated customer talks to the draft through the server's own step function; nothing is sent. */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, InputGroup, Switch, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { pointOf } from "../../contract/chatbots/flow-step"
import type { BotFlow } from "../../contract/schemas/chatbots"
import type { botTryMachine } from "../../machines/chatbots/bot-try"

const systemText = (t: (key: string) => string, text: string) => {
  if (text === "handoff") return t("chatbots.handedOff")
  if (text === "nothing") return t("chatbots.nothingSent")
  return t(`chatbots.actions.${text.slice("action:".length)}`)
}

export const TryPanel = ({ actor, flow, valid }: { actor: ActorRefFrom<typeof botTryMachine>; flow: BotFlow; valid: boolean }) => {
  const { t } = useTranslation()
  const [text, setText] = useState("")
  const [latitude, setLatitude] = useState("")
  const [longitude, setLongitude] = useState("")
  const point = pointOf(`${latitude.replace(",", ".")},${longitude.replace(",", ".")}`)
  const lines = useSelector(actor, (s) => s.context.lines)
  const talking = useSelector(actor, (s) => s.matches("talking"))
  const inHours = useSelector(actor, (s) => s.context.facts.inHours)
  const say = (value: string) => {
    actor.send({ type: "SAY", text: value })
    setText("")
  }
  return (
    <div className="mc-bot-try" data-testid="bot-try">
      <div className="mc-bot-try-head">
        <strong>{t("chatbots.tryIt")}</strong>
        <Switch
          checked={inHours}
          label={t("chatbots.inHours")}
          onChange={() => actor.send({ type: "FACTS", patch: { inHours: !inHours } })}
        />
        <Button
          icon="play"
          text={t("chatbots.tryStart")}
          disabled={!valid}
          onClick={() => actor.send({ type: "START", flow })}
          data-testid="bot-try-start"
        />
      </div>
      <div className="mc-bot-try-lines" data-testid="bot-try-lines">
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the transcript only grows, so a line's place is its identity
          <div key={i} className={`mc-bot-try-line mc-bot-try-line--${line.from}`} data-testid={`bot-try-${line.from}`}>
            {line.from === "system" ? (
              <Tag minimal intent={line.text === "handoff" ? "success" : "none"}>
                {systemText(t, line.text)}
              </Tag>
            ) : (
              <span>{line.text}</span>
            )}
            {line.choices ? (
              <div className="mc-bot-try-choices">
                {line.choices.map((c) => (
                  <Button
                    key={c}
                    small
                    text={c}
                    disabled={!talking || i !== lines.length - 1}
                    onClick={() => say(c)}
                    data-testid="bot-try-choice"
                  />
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <form
        className="mc-bot-try-input"
        onSubmit={(e) => {
          e.preventDefault()
          say(text)
        }}
      >
        <InputGroup
          value={text}
          disabled={!talking}
          placeholder={t("chatbots.tryPlaceholder")}
          onValueChange={setText}
          data-testid="bot-try-text"
        />
        <Button type="submit" icon="send-message" disabled={!talking} aria-label={t("chatbots.trySend")} data-testid="bot-try-send" />
      </form>
      <form
        className="mc-bot-try-input"
        onSubmit={(e) => {
          e.preventDefault()
          if (point) actor.send({ type: "SHARE", point })
        }}
      >
        <InputGroup
          value={latitude}
          disabled={!talking}
          placeholder={t("chatbots.tryLatitude")}
          aria-label={t("chatbots.tryLatitude")}
          onValueChange={setLatitude}
          data-testid="bot-try-latitude"
        />
        <InputGroup
          value={longitude}
          disabled={!talking}
          placeholder={t("chatbots.tryLongitude")}
          aria-label={t("chatbots.tryLongitude")}
          onValueChange={setLongitude}
          data-testid="bot-try-longitude"
        />
        <Button type="submit" icon="map-marker" text={t("chatbots.tryShare")} disabled={!talking || !point} data-testid="bot-try-share" />
      </form>
    </div>
  )
}
