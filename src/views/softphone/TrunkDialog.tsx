/**
 * The SIP trunk form: a dialog on the PBX page over the `pbx-trunk` page actor, offered to who may save
 * the trunk (pbx.setPbxTrunk's permission). The actor loads the trunk when the dialog opens, checks the draft against
 * the contract before any request, and keeps the draft when the server refuses it.
 */
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { selectMaySetPbxTrunk } from "../../machines/softphone/trunk-access"
import type { pbxTrunkMachine, TrunkDraft, TrunkField } from "../../machines/softphone/pbx-trunk-machine"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { useSettingsFormView } from "../common/settings-form-view"

type TrunkActor = ActorRefFrom<typeof pbxTrunkMachine>

/** Each field's label key under `pbx.trunk`. */
const LABELS: Record<TrunkField, string> = {
  enabled: "enabled",
  host: "host",
  port: "port",
  transport: "transport",
  auth: "auth",
  username: "username",
  password: "password",
  number_format: "numberFormat",
  country_code: "countryCode",
  national_prefix: "nationalPrefix",
  international_prefix: "internationalPrefix",
  caller_id: "callerId",
  inbound_numbers: "inboundNumbers",
  ring_user_ids: "ringUsers",
}

/** The "SIP trunk" button and its dialog; nothing for a user who may not save the trunk. */
export const TrunkButton = () => {
  const allowed = useSelector(useAclActor(), selectMaySetPbxTrunk)
  const actor = usePageActor<TrunkActor>("pbx-trunk")
  if (!allowed || !actor) return null
  return <TrunkLauncher actor={actor} />
}

const TrunkLauncher = ({ actor }: { actor: TrunkActor }) => {
  const { t } = useTranslation()
  const open = useSelector(actor, (s) => !s.hasTag("closed"))
  return (
    <>
      <Button icon="exchange" text={t("pbx.trunk.open")} onClick={() => actor.send({ type: "OPEN" })} data-testid="pbx-trunk-open" />
      <Dialog
        isOpen={open}
        onClose={() => actor.send({ type: "CLOSE" })}
        title={t("pbx.trunk.title")}
        style={{ width: 620 }}
        data-testid="pbx-trunk-dialog"
      >
        <TrunkForm actor={actor} />
      </Dialog>
    </>
  )
}

const TrunkForm = ({ actor }: { actor: TrunkActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const { draft, problem, failure, saving, gate } = useSettingsFormView(actor, {
    saved: "pbx.trunk.saved",
    loadFailed: "pbx.trunk.loadFailed",
    retry: "pbx.trunk.retry",
    toastId: "pbx-trunk-saved",
    failedId: "pbx-trunk-load-failed",
  })
  const stored = useSelector(actor, (s) => s.context.stored)
  const agents = useSelector(actor, (s) => s.context.agents)
  const agentsError = useSelector(actor, (s) => s.context.agentsError)
  // The body scrolls: the message of a refused save is brought into sight.
  const message = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (problem || failure) message.current?.scrollIntoView({ block: "nearest" })
  }, [problem, failure])
  if (gate) return <DialogBody>{gate}</DialogBody>

  const edit = (patch: Partial<TrunkDraft>) => actor.send({ type: "EDIT", patch })
  const bad = problem?.field ?? (failure?.field as TrunkField | undefined)
  const intentOf = (field: TrunkField) => (bad === field ? Intent.DANGER : Intent.NONE)
  const label = (field: TrunkField) => t(`pbx.trunk.${LABELS[field]}`)
  const problemText = problem
    ? [
        t(`pbx.trunk.problems.${problem.rule}`, { field: label(problem.field) }),
        problem.rule === "invalid" ? t(`pbx.trunk.hints.${problem.field}`) : "",
      ]
        .filter(Boolean)
        .join(" ")
    : ""
  const text = (
    field: "host" | "port" | "username" | "country_code" | "national_prefix" | "international_prefix" | "caller_id",
    help?: string,
  ) => (
    <FormGroup label={label(field)} labelFor={`pbx-trunk-${field}`} helperText={help} intent={intentOf(field)}>
      <InputGroup
        id={`pbx-trunk-${field}`}
        dir="ltr"
        intent={intentOf(field)}
        inputMode={field === "host" || field === "username" ? "text" : field === "caller_id" ? "tel" : "numeric"}
        value={draft[field]}
        onValueChange={(value) => edit({ [field]: value })}
        data-testid={`pbx-trunk-${field}`}
      />
    </FormGroup>
  )
  const ringing = new Set(draft.ring_user_ids)

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SAVE" })
      }}
    >
      <DialogBody className="mc-trunk-form">
        <p className="mc-trunk-intro">{t("pbx.trunk.intro")}</p>
        <Switch
          checked={draft.enabled}
          label={t("pbx.trunk.enabled")}
          onChange={(e) => edit({ enabled: e.currentTarget.checked })}
          data-testid="pbx-trunk-enabled"
        />
        <div className="mc-trunk-row">
          {text("host", t("pbx.trunk.hostHelp"))}
          {text("port")}
          <FormGroup label={t("pbx.trunk.transport")} labelFor="pbx-trunk-transport">
            <HTMLSelect
              id="pbx-trunk-transport"
              value={draft.transport}
              onChange={(e) => edit({ transport: e.currentTarget.value as TrunkDraft["transport"] })}
              options={[
                { value: "udp", label: "UDP" },
                { value: "tcp", label: "TCP" },
              ]}
              data-testid="pbx-trunk-transport"
            />
          </FormGroup>
        </div>
        <FormGroup label={t("pbx.trunk.auth")} labelFor="pbx-trunk-auth">
          <HTMLSelect
            id="pbx-trunk-auth"
            value={draft.auth}
            onChange={(e) => edit({ auth: e.currentTarget.value as TrunkDraft["auth"] })}
            options={[
              { value: "ip", label: t("pbx.trunk.authIp") },
              { value: "digest", label: t("pbx.trunk.authDigest") },
            ]}
            data-testid="pbx-trunk-auth"
          />
        </FormGroup>
        {draft.auth === "digest" ? (
          <div className="mc-trunk-row">
            {text("username")}
            <FormGroup
              label={t("pbx.trunk.password")}
              labelFor="pbx-trunk-password"
              intent={intentOf("password")}
              helperText={
                stored?.password_set ? <span data-testid="pbx-trunk-password-stored">{t("pbx.trunk.passwordStored")}</span> : undefined
              }
            >
              <InputGroup
                id="pbx-trunk-password"
                type="password"
                dir="ltr"
                autoComplete="new-password"
                intent={intentOf("password")}
                value={draft.password}
                onValueChange={(password) => edit({ password })}
                data-testid="pbx-trunk-password"
              />
            </FormGroup>
          </div>
        ) : null}
        <FormGroup label={t("pbx.trunk.numberFormat")} labelFor="pbx-trunk-format">
          <HTMLSelect
            id="pbx-trunk-format"
            value={draft.number_format}
            onChange={(e) => edit({ number_format: e.currentTarget.value as TrunkDraft["number_format"] })}
            options={(["e164", "digits", "national"] as const).map((value) => ({ value, label: t(`pbx.trunk.formats.${value}`) }))}
            data-testid="pbx-trunk-format"
          />
        </FormGroup>
        {draft.number_format === "national" ? (
          <div className="mc-trunk-row">
            {text("country_code")}
            {text("national_prefix")}
            {text("international_prefix")}
          </div>
        ) : null}
        {text("caller_id", t("pbx.trunk.callerIdHelp"))}
        <FormGroup
          label={t("pbx.trunk.inboundNumbers")}
          labelFor="pbx-trunk-inbound"
          helperText={t("pbx.trunk.inboundNumbersHelp")}
          intent={intentOf("inbound_numbers")}
        >
          <TextArea
            id="pbx-trunk-inbound"
            dir="ltr"
            fill
            rows={3}
            intent={intentOf("inbound_numbers")}
            value={draft.inbound_numbers}
            onChange={(e) => edit({ inbound_numbers: e.currentTarget.value })}
            data-testid="pbx-trunk-inbound"
          />
        </FormGroup>
        <FormGroup label={t("pbx.trunk.ringUsers")} helperText={t("pbx.trunk.ringUsersHelp")} intent={intentOf("ring_user_ids")}>
          <fieldset className="mc-trunk-users" aria-label={t("pbx.trunk.ringUsers")} data-testid="pbx-trunk-users">
            {agents.map((agent) => (
              <Checkbox
                key={agent.id}
                checked={ringing.has(agent.id)}
                label={agent.display_name ?? agent.username}
                onChange={(e) =>
                  edit({
                    ring_user_ids: e.currentTarget.checked
                      ? [...draft.ring_user_ids, agent.id]
                      : draft.ring_user_ids.filter((id) => id !== agent.id),
                  })
                }
                data-testid={`pbx-trunk-user-${agent.username}`}
              />
            ))}
          </fieldset>
          {agentsError ? (
            <Callout intent="warning" compact>
              {t("pbx.trunk.agentsFailed", { message: failureText(agentsError) })}
            </Callout>
          ) : null}
        </FormGroup>
        <div ref={message}>
          {problem ? (
            <Callout intent="warning" data-testid="pbx-trunk-problem">
              {problemText}
            </Callout>
          ) : null}
          {failure ? (
            <Callout intent="danger" data-testid="pbx-trunk-failure">
              {t("pbx.trunk.saveFailed", { message: failureText(failure) })}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("pbx.trunk.close")} onClick={() => actor.send({ type: "CLOSE" })} data-testid="pbx-trunk-close" />
            <Button type="submit" intent="primary" loading={saving} text={t("pbx.trunk.save")} data-testid="pbx-trunk-save" />
          </>
        }
      />
    </form>
  )
}
