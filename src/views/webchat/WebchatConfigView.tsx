/**
 * /channels/webchat-btn: the web-chat widget's configuration over the `webchat-config` page actor: on/off, colours,
 * greeting, position, pre-chat fields, allowed sites; the snippet to paste; a live preview of the launcher and window.
 */
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  Tag,
  TextArea,
} from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { WebchatSettings } from "../../contract/schemas/webchat"
import { WEBCHAT_GREETING_MAX, WEBCHAT_PRECHAT_FIELDS } from "../../contract/webchat-rules"
import type { webchatConfigMachine } from "../../machines/webchat/webchat-config-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { toast } from "../common/toast"
import { WebchatPreview } from "./WebchatPreview"

type WebchatActor = ActorRefFrom<typeof webchatConfigMachine>

export const WebchatConfigView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<WebchatActor>("webchat-config")
  return (
    <div className="mc-page" data-testid="webchat-config-page">
      <PageHeader title={t("webchat.title")} subtitle={t("webchat.subtitle")} />
      {actor ? <WebchatConfig actor={actor} /> : <Spinner size={24} />}
    </div>
  )
}

export const snippetOf = (scriptUrl: string, key: string) => `<script src="${scriptUrl}" data-key="${key}" async></script>`

const WebchatConfig = ({ actor }: { actor: WebchatActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const config = useSelector(actor, (s) => s.context.stored)
  const draft = useSelector(actor, (s) => s.context.draft)
  const origin = useSelector(actor, (s) => s.context.origin)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const saved = useSelector(actor, (s) => s.context.saved)
  const seen = useRef(saved)
  useEffect(() => {
    if (saved > seen.current) void toast(t("webchat.saved"), "success", "webchat-saved")
    seen.current = saved
  }, [saved, t])

  if (failed && !config)
    return (
      <Callout intent="danger" data-testid="webchat-load-failed">
        {failure ? failureText(failure) : ""}{" "}
        <Button size="small" text={t("webchat.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  if (!config) return <Spinner size={24} />

  const edit = (patch: Partial<WebchatSettings>) => actor.send({ type: "EDIT", patch })
  const originProblem = problem?.field === "origin" ? problem.rule : null
  const snippet = snippetOf(config.script_url, config.widget_key)
  const problemText = (field: string) =>
    t("webchat.problems.invalid", { field: t(`webchat.${field === "text_color" ? "textColor" : field}`) })
  const color = (field: "color" | "text_color", label: string) => (
    <FormGroup label={label} labelFor={`webchat-${field}`} intent={problem?.field === field ? Intent.DANGER : Intent.NONE}>
      <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <input
          type="color"
          aria-label={label}
          value={/^#[0-9a-fA-F]{6}$/.test(draft[field]) ? draft[field] : "#000000"}
          onChange={(e) => edit({ [field]: e.currentTarget.value })}
          style={{ width: 40, height: 30, padding: 0, border: 0, background: "none" }}
        />
        <InputGroup
          id={`webchat-${field}`}
          dir="ltr"
          value={draft[field]}
          onChange={(e) => edit({ [field]: e.currentTarget.value })}
          intent={problem?.field === field ? Intent.DANGER : Intent.NONE}
          style={{ width: 110 }}
          data-testid={`webchat-${field}`}
        />
      </div>
    </FormGroup>
  )

  return (
    <div style={{ display: "grid", gridTemplateColumns: "minmax(0, 640px) minmax(0, 380px)", gap: 16, alignItems: "start" }}>
      <div style={{ display: "grid", gap: 16 }}>
        <Card data-testid="webchat-settings">
          <Switch
            large
            checked={draft.enabled}
            label={t("webchat.enabled")}
            onChange={(e) => edit({ enabled: e.currentTarget.checked })}
            data-testid="webchat-enabled"
          />
          <p className="bp6-text-muted">{t("webchat.enabledHelp")}</p>
          <h3>{t("webchat.look")}</h3>
          <div style={{ display: "flex", gap: 24, flexWrap: "wrap" }}>
            {color("color", t("webchat.color"))}
            {color("text_color", t("webchat.textColor"))}
            <RadioGroup
              label={t("webchat.position")}
              inline
              selectedValue={draft.position}
              onChange={(e) => edit({ position: e.currentTarget.value as WebchatSettings["position"] })}
            >
              <Radio value="right" label={t("webchat.positions.right")} />
              <Radio value="left" label={t("webchat.positions.left")} />
            </RadioGroup>
          </div>
          <FormGroup label={t("webchat.greeting")} labelFor="webchat-greeting" helperText={t("webchat.greetingHelp")}>
            <TextArea
              id="webchat-greeting"
              dir="auto"
              fill
              maxLength={WEBCHAT_GREETING_MAX}
              value={draft.greeting}
              onChange={(e) => edit({ greeting: e.currentTarget.value })}
              data-testid="webchat-greeting"
            />
          </FormGroup>
          <h3>{t("webchat.prechat")}</h3>
          <p className="bp6-text-muted">{t("webchat.prechatHelp")}</p>
          <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
            {WEBCHAT_PRECHAT_FIELDS.map((field) => (
              <FormGroup key={field} label={t(`webchat.fields.${field}`)} labelFor={`webchat-prechat-${field}`}>
                <HTMLSelect
                  id={`webchat-prechat-${field}`}
                  value={draft.prechat[field]}
                  onChange={(e) => edit({ prechat: { ...draft.prechat, [field]: e.currentTarget.value } })}
                  options={(["off", "optional", "required"] as const).map((mode) => ({ value: mode, label: t(`webchat.modes.${mode}`) }))}
                  data-testid={`webchat-prechat-${field}`}
                />
              </FormGroup>
            ))}
          </div>
        </Card>

        <Card data-testid="webchat-origins">
          <h3 style={{ marginTop: 0 }}>{t("webchat.origins")}</h3>
          <p className="bp6-text-muted">{t("webchat.originsHelp")}</p>
          {draft.allowed_origins.length === 0 ? <Callout intent="warning">{t("webchat.originsNone")}</Callout> : null}
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap", margin: "8px 0" }}>
            {draft.allowed_origins.map((o) => (
              <Tag
                key={o}
                large
                onRemove={() => actor.send({ type: "REMOVE_ORIGIN", origin: o })}
                title={t("webchat.remove", { origin: o })}
                data-testid="webchat-origin"
              >
                <bdi>{o}</bdi>
              </Tag>
            ))}
          </div>
          <FormGroup
            label={t("webchat.origin")}
            labelFor="webchat-origin-input"
            intent={originProblem ? Intent.DANGER : Intent.NONE}
            helperText={
              originProblem
                ? t(`webchat.problems.origin${originProblem[0].toUpperCase()}${originProblem.slice(1)}`)
                : problem?.field === "allowed_origins"
                  ? problemText("origins")
                  : undefined
            }
          >
            <div style={{ display: "flex", gap: 8 }}>
              <InputGroup
                id="webchat-origin-input"
                dir="ltr"
                placeholder="https://shop.example.com"
                value={origin}
                intent={originProblem ? Intent.DANGER : Intent.NONE}
                onChange={(e) => actor.send({ type: "TYPE_ORIGIN", origin: e.currentTarget.value })}
                onKeyDown={(e) => {
                  if (e.key === "Enter") actor.send({ type: "ADD_ORIGIN" })
                }}
                style={{ minWidth: 280 }}
                data-testid="webchat-origin-input"
              />
              <Button
                icon="plus"
                text={t("webchat.add")}
                onClick={() => actor.send({ type: "ADD_ORIGIN" })}
                data-testid="webchat-origin-add"
              />
            </div>
          </FormGroup>
        </Card>

        {problem && problem.field !== "origin" ? (
          <Callout intent="warning" data-testid="webchat-problem">
            {problemText(problem.field === "allowed_origins" ? "origins" : problem.field)}
          </Callout>
        ) : null}
        {failure ? (
          <Callout intent="danger" data-testid="webchat-failure">
            {failureText(failure)}
          </Callout>
        ) : null}
        <div>
          <Button
            intent="primary"
            icon="floppy-disk"
            text={t("webchat.save")}
            loading={saving}
            onClick={() => actor.send({ type: "SAVE" })}
            data-testid="webchat-save"
          />
        </div>

        <Card data-testid="webchat-snippet">
          <h3 style={{ marginTop: 0 }} id="webchat-snippet-title">
            {t("webchat.snippet")}
          </h3>
          <p className="bp6-text-muted">{t("webchat.snippetHelp")}</p>
          <TextArea
            fill
            readOnly
            aria-labelledby="webchat-snippet-title"
            dir="ltr"
            rows={3}
            value={snippet}
            onFocus={(e) => e.currentTarget.select()}
            style={{ fontFamily: "monospace" }}
            data-testid="webchat-snippet-code"
          />
          <Button
            icon="clipboard"
            text={t("webchat.copy")}
            style={{ marginTop: 8 }}
            onClick={() => void navigator.clipboard?.writeText(snippet).then(() => toast(t("webchat.copied"), "success", "webchat-copied"))}
            data-testid="webchat-copy"
          />
        </Card>
      </div>
      <Card data-testid="webchat-preview">
        <h3 style={{ marginTop: 0 }}>{t("webchat.preview")}</h3>
        <WebchatPreview draft={draft} />
      </Card>
    </div>
  )
}
