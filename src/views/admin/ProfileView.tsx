/**
 * Profile (/apps/profile): the signed-in user's name and e-mail, a password change that needs the current password
 * (a wrong one is said on its field), and the console's language and theme, which are the shell's own settings (the
 * language menu, the layout actor's theme) reused here rather than kept twice.
 */
import { type ReactNode, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, SegmentedControl, Spinner, Switch } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { type DetailsDraft, emailChanges, type PasswordDraft, type profileMachine } from "../../machines/admin/profile-machine"
import type { Failure } from "../../machines/common/failure"
import { HELP_KEYS, type HelpKey } from "../../machines/shell/shortcuts-machine"
import { useLayoutActor, usePageActor, useShortcutsActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { LanguageMenu } from "../common/LanguageMenu"
import { PageHeader } from "../common/PageHeader"
import { toast } from "../common/toast"
import "./admin.css"

type ProfileActor = ActorRefFrom<typeof profileMachine>

/** A toast when a counter grows (a save that went through). */
const useNoticeOn = (count: number, text: string, testId: string) => {
  const seen = useRef(count)
  useEffect(() => {
    if (count > seen.current) void toast(text, "success", testId)
    seen.current = count
  }, [count, text, testId])
}

export const ProfileView = () => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const actor = usePageActor<ProfileActor>("profile")
  const loading = useSelector(actor ?? undefined, (s) => s?.matches("loading") ?? true)
  const loadFailure = useSelector(actor ?? undefined, (s) => s?.context.loadFailure ?? null)
  return (
    <div className="mc-page" data-testid="profile-page">
      <PageHeader title={t("admin.profile.title")} subtitle={t("admin.profile.subtitle")} />
      {loadFailure ? (
        <Callout intent="danger" data-testid="profile-failure">
          {t("admin.profile.loadFailed", { message: failureText(loadFailure) })}{" "}
          <Button text={t("errors.retry")} onClick={() => actor?.send({ type: "RETRY" })} />
        </Callout>
      ) : !actor || loading ? (
        // Not the shared PageLoading: the login route loads it, and a screen chunk importing it splits it out (bundle size).
        <Spinner aria-busy="true" />
      ) : (
        <div className="mc-profile">
          <Details actor={actor} />
          <Password actor={actor} />
          <Look />
          <Keyboard />
        </div>
      )}
    </div>
  )
}

const Field = ({ id, label, failure, children }: { id: string; label: string; failure: Failure | null; children: ReactNode }) => {
  const failureText = useFailureText()
  return (
    <FormGroup label={label} labelFor={id} intent={failure ? "danger" : "none"} helperText={failure ? failureText(failure) : undefined}>
      {children}
    </FormGroup>
  )
}

const fieldFailure = (failure: Failure | null, field: string) => (failure?.field === field ? failure : null)

const Problem = ({
  problem,
  failure,
  fields,
  testId,
}: {
  problem: string | null
  failure: Failure | null
  fields: string[]
  testId: string
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  if (problem)
    return (
      <Callout intent="warning" data-testid={testId}>
        {t(`admin.problems.${problem}`)}
      </Callout>
    )
  if (failure && !fields.includes(failure.field ?? ""))
    return (
      <Callout intent="danger" data-testid={testId}>
        {failureText(failure)}
      </Callout>
    )
  return null
}

const Details = ({ actor }: { actor: ProfileActor }) => {
  const { t } = useTranslation()
  const me = useSelector(actor, (s) => s.context.me)
  const draft: DetailsDraft = useSelector(actor, (s) => s.context.details)
  const problem = useSelector(actor, (s) => s.context.detailsProblem)
  const failure = useSelector(actor, (s) => s.context.detailsFailure)
  const saving = useSelector(actor, (s) => s.hasTag("savingDetails"))
  useNoticeOn(
    useSelector(actor, (s) => s.context.detailsSaved),
    t("admin.profile.saved"),
    "profile-saved",
  )
  const change = (patch: Partial<DetailsDraft>) => actor.send({ type: "DETAILS.CHANGE", patch })
  return (
    <Card>
      <form
        data-testid="profile-details"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "DETAILS.SAVE" })
        }}
      >
        <h2>{t("admin.profile.details")}</h2>
        <p className="mc-muted">
          {t("admin.profile.role")}: <strong data-testid="profile-role">{me?.role}</strong>
        </p>
        <Field id="profile-name" label={t("admin.users.name")} failure={fieldFailure(failure, "display_name")}>
          <InputGroup id="profile-name" value={draft.display_name} onValueChange={(display_name) => change({ display_name })} />
        </Field>
        <Field id="profile-email" label={t("admin.users.email")} failure={fieldFailure(failure, "email")}>
          <InputGroup id="profile-email" type="email" value={draft.email} onValueChange={(email) => change({ email })} />
        </Field>
        {emailChanges(draft, me) && (
          <Field id="profile-email-current" label={t("admin.profile.emailCurrent")} failure={fieldFailure(failure, "current_password")}>
            <InputGroup
              id="profile-email-current"
              type="password"
              autoComplete="current-password"
              value={draft.current_password}
              onValueChange={(current_password) => change({ current_password })}
              data-testid="profile-email-current"
            />
            <p className="mc-muted">{t("admin.profile.emailNotice")}</p>
          </Field>
        )}
        <Problem
          problem={problem}
          failure={failure}
          fields={["display_name", "email", "current_password"]}
          testId="profile-details-problem"
        />
        <Button type="submit" intent="primary" loading={saving} text={t("admin.profile.save")} data-testid="profile-details-save" />
      </form>
    </Card>
  )
}

const Password = ({ actor }: { actor: ProfileActor }) => {
  const { t } = useTranslation()
  const draft: PasswordDraft = useSelector(actor, (s) => s.context.password)
  const problem = useSelector(actor, (s) => s.context.passwordProblem)
  const failure = useSelector(actor, (s) => s.context.passwordFailure)
  const changing = useSelector(actor, (s) => s.hasTag("changingPassword"))
  useNoticeOn(
    useSelector(actor, (s) => s.context.passwordChanged),
    t("admin.profile.changed"),
    "profile-password-changed",
  )
  const change = (patch: Partial<PasswordDraft>) => actor.send({ type: "PASSWORD.CHANGE", patch })
  const input = (id: string, key: keyof PasswordDraft, autoComplete: string) => (
    <InputGroup
      id={id}
      type="password"
      autoComplete={autoComplete}
      value={draft[key]}
      onValueChange={(value) => change({ [key]: value })}
      data-testid={id}
    />
  )
  return (
    <Card>
      <form
        data-testid="profile-password"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "PASSWORD.SAVE" })
        }}
      >
        <h2>{t("admin.profile.passwordTitle")}</h2>
        <Field id="profile-current" label={t("admin.profile.current")} failure={fieldFailure(failure, "current_password")}>
          {input("profile-current", "current", "current-password")}
        </Field>
        <Field id="profile-next" label={t("admin.profile.next")} failure={fieldFailure(failure, "password")}>
          {input("profile-next", "next", "new-password")}
        </Field>
        <Field id="profile-repeat" label={t("admin.profile.repeat")} failure={null}>
          {input("profile-repeat", "repeat", "new-password")}
        </Field>
        <Problem problem={problem} failure={failure} fields={["current_password", "password"]} testId="profile-password-problem" />
        <Button type="submit" intent="primary" loading={changing} text={t("admin.profile.change")} data-testid="profile-password-save" />
      </form>
    </Card>
  )
}

const Look = () => {
  const { t } = useTranslation()
  const layout = useLayoutActor()
  const theme = useSelector(layout, (s) => s.context.theme)
  return (
    <Card>
      <h2>{t("admin.profile.look")}</h2>
      <FormGroup label={t("admin.profile.language")}>
        <LanguageMenu minimal={false} />
      </FormGroup>
      <FormGroup label={t("admin.profile.theme")}>
        <SegmentedControl
          value={theme}
          options={[
            { value: "light", label: t("admin.profile.light") },
            { value: "dark", label: t("admin.profile.dark") },
          ]}
          onValueChange={(value) => layout.send({ type: "THEME.SET", theme: value as "light" | "dark" })}
          data-testid="profile-theme"
        />
      </FormGroup>
    </Card>
  )
}

/** WCAG 2.1.4: single-key shortcuts can be turned off, and the key that lists the shortcuts changed. */
const Keyboard = () => {
  const { t } = useTranslation()
  const shortcuts = useShortcutsActor()
  const { singleKeys, helpKey } = useSelector(shortcuts, (s) => s.context)
  return (
    <Card>
      <h2>{t("admin.profile.keyboard")}</h2>
      <FormGroup helperText={t("admin.profile.singleKeysHelp")}>
        <Switch
          checked={singleKeys}
          label={t("admin.profile.singleKeys")}
          onChange={(event) => shortcuts.send({ type: "KEYS.SET", choices: { singleKeys: event.currentTarget.checked } })}
          data-testid="profile-single-keys"
        />
      </FormGroup>
      <FormGroup label={t("admin.profile.helpKey")} labelFor="profile-help-key">
        <HTMLSelect
          id="profile-help-key"
          value={helpKey}
          options={HELP_KEYS.map((key) => ({ value: key, label: key }))}
          onChange={(event) => shortcuts.send({ type: "KEYS.SET", choices: { helpKey: event.currentTarget.value as HelpKey } })}
          data-testid="profile-help-key"
        />
      </FormGroup>
    </Card>
  )
}
