/**
 * The company sub-page configration (page actor `tenant-configuration`): the tenant's settings that act on every
 * conversation and the voice-call settings, one form saved whole. Thin: the draft, its problems and the save are the
 * machine's (machines/tenant-settings/configuration-machine.ts).
 */
import { useMemo } from "react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, NumericInput, Spinner, Switch, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { type ConfigurationDraft, type configurationMachine, WEEK } from "../../machines/tenant-settings/configuration-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useSettingsFormView } from "../common/settings-form-view"
import { RING_STEP_SECONDS } from "../../contract/voice-calls"
import { PriorityRules } from "./PriorityRules"
import "./tenant-settings.css"

type ConfigurationActor = ActorRefFrom<typeof configurationMachine>

export const ConfigurationView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<ConfigurationActor>("tenant-configuration")
  return (
    <div className="mc-page" data-testid="configuration-page">
      <PageHeader title={t("tenantSettings.title")} subtitle={t("tenantSettings.subtitle")} />
      {actor ? <ConfigurationForm actor={actor} /> : <Spinner size={24} />}
    </div>
  )
}

const zones = (): string[] => {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? []
  return all.includes("UTC") ? all : ["UTC", ...all]
}

const ConfigurationForm = ({ actor }: { actor: ConfigurationActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const choices = useSelector(actor, (s) => s.context.stored?.choices)
  const { draft, problem, failure, saving, gate } = useSettingsFormView(actor, {
    saved: "tenantSettings.saved",
    loadFailed: "tenantSettings.loadFailed",
    retry: "tenantSettings.retry",
    toastId: "configuration-saved",
  })
  const zoneList = useMemo(zones, [])
  if (gate) return gate
  const edit = (patch: Partial<ConfigurationDraft>) => actor.send({ type: "EDIT", patch })
  const setDay = (day: (typeof WEEK)[number], value: { open: string; close: string } | null) =>
    edit({ hours: { ...draft.hours, [day]: value } })
  return (
    <form
      noValidate
      className="mc-configuration"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SAVE" })
      }}
    >
      <section className="mc-card mc-configuration-section">
        <h3>{t("tenantSettings.sections.general")}</h3>
        <FormGroup label={t("tenantSettings.language")} labelFor="configuration-language" helperText={t("tenantSettings.languageHelp")}>
          <HTMLSelect
            id="configuration-language"
            value={draft.language}
            onChange={(e) => edit({ language: e.currentTarget.value as ConfigurationDraft["language"] })}
            data-testid="configuration-language"
            options={(["en", "tr", "ar"] as const).map((value) => ({ value, label: t(`tenantSettings.languages.${value}`) }))}
          />
        </FormGroup>
        <FormGroup label={t("tenantSettings.timezone")} labelFor="configuration-timezone" helperText={t("tenantSettings.timezoneHelp")}>
          <HTMLSelect
            id="configuration-timezone"
            dir="ltr"
            value={draft.timezone}
            onChange={(e) => edit({ timezone: e.currentTarget.value })}
            data-testid="configuration-timezone"
            options={zoneList.includes(draft.timezone) ? zoneList : [draft.timezone, ...zoneList]}
          />
        </FormGroup>
        <FormGroup label={t("tenantSettings.country")} labelFor="configuration-country" helperText={t("tenantSettings.countryHelp")}>
          <InputGroup
            id="configuration-country"
            dir="ltr"
            maxLength={2}
            value={draft.default_country}
            onValueChange={(value) => edit({ default_country: value.toUpperCase() })}
            data-testid="configuration-country"
          />
        </FormGroup>
      </section>

      <section className="mc-card mc-configuration-section">
        <h3>{t("tenantSettings.sections.hours")}</h3>
        <p className="mc-muted">{t("tenantSettings.hoursHelp")}</p>
        <div className="mc-configuration-week">
          {WEEK.map((day, _, week) => {
            // With no day set the tenant is always open (the away message never goes out): a day off says so.
            const anyHours = week.some((d) => draft.hours[d] !== null)
            const hours = draft.hours[day]
            return (
              <div key={day} className="mc-configuration-day" data-testid={`configuration-day-${day}`}>
                <Switch
                  checked={hours !== null}
                  label={t(`tenantSettings.days.${day}`)}
                  onChange={(e) => setDay(day, e.currentTarget.checked ? { open: "09:00", close: "18:00" } : null)}
                  data-testid={`configuration-day-${day}-open`}
                />
                {hours ? (
                  <span className="mc-configuration-times" dir="ltr">
                    <InputGroup
                      type="time"
                      aria-label={`${t(`tenantSettings.days.${day}`)} ${t("tenantSettings.from")}`}
                      value={hours.open}
                      onValueChange={(open) => setDay(day, { ...hours, open })}
                      data-testid={`configuration-day-${day}-from`}
                    />
                    <span aria-hidden>–</span>
                    <InputGroup
                      type="time"
                      aria-label={`${t(`tenantSettings.days.${day}`)} ${t("tenantSettings.to")}`}
                      value={hours.close}
                      onValueChange={(close) => setDay(day, { ...hours, close })}
                      data-testid={`configuration-day-${day}-to`}
                    />
                  </span>
                ) : (
                  <span className="mc-muted" data-testid={`configuration-day-${day}-off`}>
                    {t(anyHours ? "tenantSettings.closed" : "tenantSettings.alwaysOpen")}
                  </span>
                )}
              </div>
            )
          })}
        </div>
        <FormGroup label={t("tenantSettings.awayMessage")} labelFor="configuration-away" helperText={t("tenantSettings.awayHelp")}>
          <TextArea
            id="configuration-away"
            fill
            rows={3}
            value={draft.away_message}
            onChange={(e) => edit({ away_message: e.currentTarget.value })}
            data-testid="configuration-away"
          />
        </FormGroup>
      </section>

      <section className="mc-card mc-configuration-section">
        <h3>{t("tenantSettings.sections.chats")}</h3>
        <Switch
          checked={draft.auto_assign}
          label={t("tenantSettings.autoAssign")}
          onChange={(e) => edit({ auto_assign: e.currentTarget.checked })}
          data-testid="configuration-auto-assign"
        />
        <p className="mc-muted">{t("tenantSettings.autoAssignHelp")}</p>
        {/* Blueprint's step buttons point (aria-controls) at the input's own id, which an id of ours would replace:
            the numbers are named by their label's text instead. */}
        <FormGroup label={t("tenantSettings.cap")}>
          <NumericInput
            aria-label={t("tenantSettings.cap")}
            min={1}
            max={100}
            value={draft.max_chats_per_agent}
            onValueChange={(n) => edit({ max_chats_per_agent: n })}
            data-testid="configuration-cap"
          />
        </FormGroup>
        <FormGroup label={t("tenantSettings.smsCap")} helperText={t("tenantSettings.capsHelp")}>
          <NumericInput
            aria-label={t("tenantSettings.smsCap")}
            min={1}
            max={500}
            value={draft.max_sms_per_agent}
            onValueChange={(n) => edit({ max_sms_per_agent: n })}
            data-testid="configuration-sms-cap"
          />
        </FormGroup>
        <Switch
          checked={draft.queue_position_messages}
          label={t("tenantSettings.positionMessages")}
          onChange={(e) => edit({ queue_position_messages: e.currentTarget.checked })}
          data-testid="configuration-position-messages"
        />
        <p className="mc-muted">{t("tenantSettings.positionMessagesHelp")}</p>
        <PriorityRules
          rules={draft.queue_priority_rules}
          choices={choices ?? { label: [], segment: [], flag: [] }}
          onChange={(rules) => edit({ queue_priority_rules: rules })}
        />
        <Switch
          checked={draft.session_timeout_enabled}
          label={t("tenantSettings.idleClose")}
          onChange={(e) => edit({ session_timeout_enabled: e.currentTarget.checked })}
          data-testid="configuration-idle"
        />
        <FormGroup label={t("tenantSettings.idleMinutes")} helperText={t("tenantSettings.idleHelp")}>
          <NumericInput
            aria-label={t("tenantSettings.idleMinutes")}
            min={1}
            max={10080}
            value={draft.session_timeout_minutes}
            onValueChange={(n) => edit({ session_timeout_minutes: n })}
            data-testid="configuration-idle-minutes"
          />
        </FormGroup>
        <Switch
          checked={draft.survey_enabled}
          label={t("tenantSettings.survey")}
          onChange={(e) => edit({ survey_enabled: e.currentTarget.checked })}
          data-testid="configuration-survey"
        />
        <p className="mc-muted">{t("tenantSettings.surveyHelp")}</p>
        <Switch
          checked={draft.retention_enabled}
          label={t("tenantSettings.retention")}
          onChange={(e) => edit({ retention_enabled: e.currentTarget.checked })}
          data-testid="configuration-retention"
        />
        <FormGroup label={t("tenantSettings.retentionDays")} helperText={t("tenantSettings.retentionHelp")}>
          <NumericInput
            aria-label={t("tenantSettings.retentionDays")}
            min={1}
            max={3650}
            disabled={!draft.retention_enabled}
            value={draft.retention_days}
            onValueChange={(n) => edit({ retention_days: n })}
            data-testid="configuration-retention-days"
          />
        </FormGroup>
      </section>

      <section className="mc-card mc-configuration-section">
        <h3>{t("tenantSettings.sections.calls")}</h3>
        <Switch
          checked={draft.calls_enabled}
          label={t("tenantSettings.callsEnabled")}
          onChange={(e) => edit({ calls_enabled: e.currentTarget.checked })}
          data-testid="configuration-calls"
        />
        <FormGroup label={t("tenantSettings.ring")}>
          <NumericInput
            aria-label={t("tenantSettings.ring")}
            min={10}
            max={300}
            value={draft.ring_timeout_seconds}
            onValueChange={(n) => edit({ ring_timeout_seconds: n })}
            data-testid="configuration-ring"
          />
        </FormGroup>
        <FormGroup label={t("tenantSettings.ringAtOnce")} helperText={t("tenantSettings.ringAtOnceHelp", { seconds: RING_STEP_SECONDS })}>
          <NumericInput
            aria-label={t("tenantSettings.ringAtOnce")}
            min={0}
            max={1000}
            value={draft.ring_at_once}
            onValueChange={(n) => edit({ ring_at_once: n })}
            data-testid="configuration-ring-at-once"
          />
        </FormGroup>
        <FormGroup label={t("tenantSettings.callCap")}>
          <NumericInput
            aria-label={t("tenantSettings.callCap")}
            min={1}
            max={10}
            value={draft.max_calls_per_agent}
            onValueChange={(n) => edit({ max_calls_per_agent: n })}
            data-testid="configuration-call-cap"
          />
        </FormGroup>
        <Switch
          checked={draft.call_waiting}
          label={t("tenantSettings.callWaiting")}
          onChange={(e) => edit({ call_waiting: e.currentTarget.checked })}
          data-testid="configuration-call-waiting"
        />
        <p className="mc-muted">{t("tenantSettings.callWaitingHelp")}</p>
        <FormGroup
          label={t("tenantSettings.quickReplies")}
          labelFor="configuration-quick"
          helperText={t("tenantSettings.quickRepliesHelp")}
        >
          <TextArea
            id="configuration-quick"
            fill
            rows={4}
            value={draft.quick_replies}
            onChange={(e) => edit({ quick_replies: e.currentTarget.value })}
            data-testid="configuration-quick"
          />
        </FormGroup>
        <Switch
          checked={draft.record_calls}
          label={t("tenantSettings.recordCalls")}
          onChange={(e) => edit({ record_calls: e.currentTarget.checked })}
          data-testid="configuration-record-calls"
        />
        <FormGroup label={t("tenantSettings.recordingDays")} helperText={t("tenantSettings.recordCallsHelp")}>
          <NumericInput
            aria-label={t("tenantSettings.recordingDays")}
            min={1}
            max={3650}
            disabled={!draft.record_calls}
            value={draft.recording_retention_days}
            onValueChange={(n) => edit({ recording_retention_days: n })}
            data-testid="configuration-recording-days"
          />
        </FormGroup>
      </section>

      {problem ? (
        <Callout intent="warning" data-testid="configuration-problem">
          {t(`tenantSettings.problems.${problem}`)}
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="configuration-failure">
          {t("tenantSettings.failed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" loading={saving} text={t("tenantSettings.save")} data-testid="configuration-save" />
    </form>
  )
}
