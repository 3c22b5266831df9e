/**
 * The company's SMS providers page (sub-page `sms-provider`, page actor `sms-providers`): gateways (super admins),
 * accounts and sender names with their approval. Each section has its table and one form; the machine holds the
 * forms, writes and reloads (machines/sms/sms-providers-machine.ts).
 */
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, Switch, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { Drafts, Form, smsProvidersMachine } from "../../machines/sms/sms-providers-machine"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { BusinessPicker } from "../platform/BusinessPicker"
import "./sms.css"

type ProvidersActor = ActorRefFrom<typeof smsProvidersMachine>

export const SmsProvidersView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<ProvidersActor>("sms-providers")
  return (
    <div className="mc-page" data-testid="sms-providers-page">
      <PageHeader title={t("sms.providers.title")} subtitle={t("sms.providers.subtitle")} />
      {actor ? <Sections actor={actor} /> : null}
    </div>
  )
}

const Field = <F extends Form>({
  actor,
  form,
  name,
  label,
  type = "text",
  dir,
}: {
  actor: ProvidersActor
  form: F
  name: keyof Drafts[F] & string
  label: string
  type?: string
  dir?: "ltr"
}) => {
  const value = useSelector(actor, (s) => String((s.context.drafts[form] as unknown as Record<string, unknown>)[name] ?? ""))
  return (
    <FormGroup label={label} labelFor={`sms-${form}-${name}`}>
      <InputGroup
        id={`sms-${form}-${name}`}
        type={type}
        dir={dir}
        value={value}
        onChange={(e) => actor.send({ type: "DRAFT", form, patch: { [name]: e.currentTarget.value } })}
        data-testid={`sms-${form}-${name}`}
      />
    </FormGroup>
  )
}

const Sections = ({ actor }: { actor: ProvidersActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { data, drafts, failure } = state.context
  const busy = !state.matches("ready")
  const pickBusiness = useCallback(
    (business: PickedBusiness) => actor.send({ type: "DRAFT", form: "account", patch: { clientId: String(business.id) } }),
    [actor],
  )
  const submit = (form: Form) => (e: React.FormEvent) => {
    e.preventDefault()
    actor.send({ type: "SUBMIT", form })
  }
  if (state.matches("failed"))
    return (
      <Callout intent="danger">
        {failure ? failureText(failure) : null}
        <Button text={t("sms.send.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  return (
    <>
      {failure ? (
        <Callout intent="danger" data-testid="sms-providers-failure">
          {failureText(failure)}
        </Callout>
      ) : null}
      {data.providers ? (
        <section className="mc-card mc-sms-section" data-testid="sms-gateways">
          <h2>{t("sms.providers.providers")}</h2>
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t("sms.providers.name")}</th>
                <th>{t("sms.providers.kind")}</th>
                <th>{t("sms.providers.host")}</th>
                <th>{t("sms.providers.window")}</th>
                <th>{t("sms.providers.rate")}</th>
                <th>{t("sms.providers.secret")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.providers.map((p) => (
                <tr key={p.id} data-testid="sms-gateway-row">
                  <td>{p.name}</td>
                  <td>{t(`sms.providers.kinds.${p.kind}`)}</td>
                  <td dir="ltr">{p.kind === "smpp" && p.host ? `${p.host}:${p.port ?? ""} (${p.system_id})` : p.base_url || "–"}</td>
                  <td className="mc-num">{p.window}</td>
                  <td className="mc-num">{p.rate.toFixed(4)}</td>
                  <td>{p.has_secret ? "••••" : "–"}</td>
                  <td>
                    <Button
                      small
                      minimal
                      icon="edit"
                      text={t("sms.providers.edit")}
                      onClick={() => actor.send({ type: "EDIT.PROVIDER", provider: p })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <form className="mc-sms-inline" onSubmit={submit("provider")} data-testid="sms-provider-form">
            <Field actor={actor} form="provider" name="name" label={t("sms.providers.name")} />
            <FormGroup label={t("sms.providers.kind")} labelFor="sms-provider-kind">
              <HTMLSelect
                id="sms-provider-kind"
                value={drafts.provider.kind}
                onChange={(e) => actor.send({ type: "DRAFT", form: "provider", patch: { kind: e.currentTarget.value } })}
              >
                <option value="smpp">{t("sms.providers.kinds.smpp")}</option>
                <option value="http">{t("sms.providers.kinds.http")}</option>
              </HTMLSelect>
            </FormGroup>
            {drafts.provider.kind === "smpp" ? (
              <>
                <Field actor={actor} form="provider" name="host" label={t("sms.providers.host")} dir="ltr" />
                <Field actor={actor} form="provider" name="port" label={t("sms.providers.port")} dir="ltr" />
                <Field actor={actor} form="provider" name="systemId" label={t("sms.providers.systemId")} dir="ltr" />
                <Field actor={actor} form="provider" name="systemType" label={t("sms.providers.systemType")} dir="ltr" />
              </>
            ) : (
              <Field actor={actor} form="provider" name="baseUrl" label={t("sms.providers.baseUrl")} dir="ltr" />
            )}
            <Field
              actor={actor}
              form="provider"
              name="secret"
              type="password"
              label={drafts.provider.id === null ? t("sms.providers.secret") : t("sms.providers.secretKept")}
            />
            <Field actor={actor} form="provider" name="window" label={t("sms.providers.window")} dir="ltr" />
            <Field actor={actor} form="provider" name="rate" label={t("sms.providers.rate")} dir="ltr" />
            <Button
              type="submit"
              intent="primary"
              disabled={busy}
              text={drafts.provider.id === null ? t("sms.providers.newProvider") : t("sms.providers.save")}
            />
          </form>
        </section>
      ) : null}

      <section className="mc-card mc-sms-section" data-testid="sms-accounts">
        <h2>{t("sms.providers.accounts")}</h2>
        {data.accounts.length === 0 ? <p>{t("sms.providers.noAccounts")}</p> : null}
        {data.accounts.length > 0 ? (
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t("sms.providers.tenantName")}</th>
                <th>{t("sms.providers.provider")}</th>
                <th>{t("sms.providers.username")}</th>
                <th>{t("sms.providers.rate")}</th>
                <th>{t("sms.providers.active")}</th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.id} data-testid="sms-account-row">
                  <td>{a.client_name}</td>
                  <td>{a.provider_name}</td>
                  <td>{a.username}</td>
                  <td className="mc-num">{a.rate === null ? "–" : a.rate.toFixed(4)}</td>
                  <td>{a.active ? t("sms.providers.yes") : t("sms.providers.no")}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
        {data.providers ? (
          <form className="mc-sms-inline" onSubmit={submit("account")} data-testid="sms-account-form">
            <BusinessPicker onPick={pickBusiness} />
            <FormGroup label={t("sms.providers.provider")} labelFor="sms-account-provider">
              <HTMLSelect
                id="sms-account-provider"
                value={drafts.account.providerId}
                onChange={(e) => actor.send({ type: "DRAFT", form: "account", patch: { providerId: e.currentTarget.value } })}
              >
                <option value="">–</option>
                {data.providers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <Field actor={actor} form="account" name="username" label={t("sms.providers.username")} />
            <Field actor={actor} form="account" name="password" type="password" label={t("sms.providers.password")} />
            <Field actor={actor} form="account" name="rate" label={t("sms.providers.rate")} dir="ltr" />
            <Button type="submit" intent="primary" disabled={busy} text={t("sms.providers.newAccount")} />
          </form>
        ) : null}
      </section>

      <section className="mc-card mc-sms-section" data-testid="sms-masks">
        <h2>{t("sms.providers.masks")}</h2>
        {data.masks.length === 0 ? <p>{t("sms.providers.noMasks")}</p> : null}
        {data.masks.length > 0 ? (
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t("sms.providers.mask")}</th>
                <th>{t("sms.providers.tenantName")}</th>
                <th>{t("sms.providers.provider")}</th>
                <th>{t("sms.providers.rate")}</th>
                <th>{t("sms.providers.status")}</th>
                <th>{t("sms.providers.active")}</th>
                {data.providers ? <th /> : null}
              </tr>
            </thead>
            <tbody>
              {data.masks.map((m) => (
                <tr key={m.id} data-testid="sms-mask-row" data-status={m.status}>
                  <td dir="ltr">{m.mask}</td>
                  <td>{m.client_name}</td>
                  <td>{m.provider_name}</td>
                  <td className="mc-num">{m.rate.toFixed(4)}</td>
                  <td>
                    <Tag minimal intent={m.status === "approved" ? "success" : m.status === "rejected" ? "danger" : "warning"}>
                      {t(`sms.providers.statuses.${m.status}`)}
                    </Tag>
                  </td>
                  <td>
                    <Switch
                      checked={m.active}
                      disabled={busy}
                      aria-label={t("sms.providers.active")}
                      onChange={() => actor.send({ type: "MASK.SET", id: m.id, active: !m.active })}
                    />
                  </td>
                  {data.providers ? (
                    <td>
                      {m.status !== "approved" ? (
                        <Button
                          small
                          intent="success"
                          disabled={busy}
                          text={t("sms.providers.approve")}
                          onClick={() => actor.send({ type: "MASK.SET", id: m.id, status: "approved" })}
                          data-testid="sms-mask-approve"
                        />
                      ) : null}
                      {m.status !== "rejected" ? (
                        <Button
                          small
                          minimal
                          intent="danger"
                          disabled={busy}
                          text={t("sms.providers.reject")}
                          onClick={() => actor.send({ type: "MASK.SET", id: m.id, status: "rejected" })}
                        />
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
        {data.accounts.length > 0 ? (
          <form className="mc-sms-inline" onSubmit={submit("mask")} data-testid="sms-mask-form">
            <FormGroup label={t("sms.providers.account")} labelFor="sms-mask-account">
              <HTMLSelect
                id="sms-mask-account"
                value={drafts.mask.accountId}
                onChange={(e) => actor.send({ type: "DRAFT", form: "mask", patch: { accountId: e.currentTarget.value } })}
                data-testid="sms-mask-account"
              >
                <option value="">–</option>
                {data.accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.client_name} · {a.provider_name} · {a.username}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <Field actor={actor} form="mask" name="mask" label={t("sms.providers.maskHint")} dir="ltr" />
            <Button type="submit" intent="primary" disabled={busy} text={t("sms.providers.newMask")} data-testid="sms-mask-submit" />
          </form>
        ) : null}
      </section>
    </>
  )
}
