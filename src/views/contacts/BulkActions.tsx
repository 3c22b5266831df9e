/**
 * The bulk bar above a contact table and its dialog, on the `contacts-bulk` page actor: how many are selected (or
 * "all matching"), the actions, then a target picker, the confirmation, a progress bar and the result.
 */
import { useCallback, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, ProgressBar } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { ContactFilter } from "../../contract/schemas/contacts"
import { type bulkMachine, scopeOf } from "../../machines/contacts/bulk-machine"
import { type BulkKind, NEEDS_TARGET, scopeSize } from "../../machines/contacts/bulk-steps"
import type { Choice, ContactChoices } from "../../machines/contacts/contacts-report"
import { useFailureText } from "../common/failure-text"
import { useSaveFile } from "./use-save-file"

export type BulkRef = ActorRefFrom<typeof bulkMachine>

const CHOICES: Partial<Record<BulkKind, keyof ContactChoices>> = { group: "groups", flag: "flags", unflag: "flags", tag: "tags" }
const PICK: Partial<Record<BulkKind, string>> = { group: "pickGroup", flag: "pickFlag", unflag: "pickFlag", tag: "pickTag" }

export const BulkBar = ({
  actor,
  kinds,
  filter,
  total,
  pageCount,
}: {
  actor: BulkRef
  kinds: readonly BulkKind[]
  filter: ContactFilter
  total: number
  pageCount: number
}) => {
  const { t } = useTranslation()
  const selected = useSelector(actor, (s) => Object.keys(s.context.selected).length)
  const allMatching = useSelector(actor, (s) => s.context.allMatching)
  const hasScope = useSelector(actor, (s) => scopeOf(s.context) !== null)
  return (
    <div className="mc-card mc-contacts-bulkbar" data-testid="bulk-bar">
      <span data-testid="bulk-count">
        {allMatching ? t("contacts.bulk.allMatching", { count: allMatching.total }) : t("contacts.bulk.selected", { count: selected })}
      </span>
      {!allMatching && selected >= pageCount && pageCount > 0 && total > selected ? (
        <Button
          variant="minimal"
          intent="primary"
          text={t("contacts.bulk.selectAllMatching", { count: total })}
          data-testid="bulk-all-matching"
          onClick={() => actor.send({ type: "SELECT.ALL_MATCHING", filter, total })}
        />
      ) : null}
      {hasScope ? <Button variant="minimal" text={t("contacts.bulk.clear")} onClick={() => actor.send({ type: "SELECT.CLEAR" })} /> : null}
      <ButtonGroup className="mc-contacts-actions">
        {kinds.map((kind) => (
          <Button
            key={kind}
            text={t(`contacts.bulk.${kind}`)}
            disabled={!hasScope}
            data-testid={`bulk-${kind}`}
            onClick={() => actor.send({ type: "ACTION.OPEN", kind })}
          />
        ))}
      </ButtonGroup>
    </div>
  )
}

const TargetPicker = ({ actor, kind, choices }: { actor: BulkRef; kind: BulkKind; choices: ContactChoices | undefined }) => {
  const { t } = useTranslation()
  const targetId = useSelector(actor, (s) => s.context.targetId)
  const running = useSelector(actor, (s) => !s.hasTag("choosing"))
  const key = CHOICES[kind]
  if (!key) return null
  const list: readonly Choice[] = choices?.[key] ?? []
  if (list.length === 0) return <Callout intent="warning">{t("contacts.bulk.noChoices")}</Callout>
  return (
    <HTMLSelect
      fill
      value={targetId === null ? "" : String(targetId)}
      disabled={running}
      aria-label={t(`contacts.bulk.${PICK[kind]}`)}
      data-testid="bulk-target"
      onChange={(e) => actor.send({ type: "ACTION.TARGET", id: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
      options={[{ value: "", label: t(`contacts.bulk.${PICK[kind]}`) }, ...list.map((c) => ({ value: String(c.id), label: c.name }))]}
    />
  )
}

export const BulkDialog = ({
  actor,
  choices,
  onChanged,
}: {
  actor: BulkRef
  choices: ContactChoices | undefined
  onChanged: () => void
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const context = useSelector(actor, (s) => s.context)
  const state = useSelector(actor, (s) => (["choosing", "running", "done", "failed"] as const).find((tag) => s.hasTag(tag)) ?? null)
  const saved = useCallback(() => actor.send({ type: "DOWNLOAD.SAVED" }), [actor])
  useSaveFile(context.download, saved)
  useEffect(() => {
    const subscription = actor.on("changed", onChanged)
    return () => subscription.unsubscribe()
  }, [actor, onChanged])
  const kind = context.kind
  if (!kind) return null
  const scope = context.scope ?? scopeOf(context)
  const count = scope ? scopeSize(scope) : 0
  const ready = !NEEDS_TARGET.has(kind) || context.targetId !== null
  return (
    <Dialog
      isOpen={state !== null}
      onClose={state === "running" ? undefined : () => actor.send({ type: state === "choosing" ? "CANCEL" : "RESULT.DISMISS" })}
      title={t(`contacts.bulk.${kind}`)}
    >
      <DialogBody>
        <p data-testid="bulk-confirm">{t("contacts.bulk.confirm", { action: t(`contacts.bulk.${kind}`), count })}</p>
        <TargetPicker actor={actor} kind={kind} choices={choices} />
        {state === "running" ? (
          <div data-testid="bulk-progress">
            <p>{t("contacts.bulk.running", { step: context.step + 1, steps: context.steps })}</p>
            <ProgressBar
              aria-label={t("contacts.bulk.running", { step: context.step + 1, steps: context.steps })}
              intent="primary"
              value={context.steps > 1 ? context.step / context.steps : undefined}
            />
          </div>
        ) : null}
        {state === "done" ? (
          <Callout intent="success" data-testid="bulk-result">
            {context.changed === null
              ? t("contacts.bulk.result", { matched: context.matched })
              : t("contacts.bulk.resultChanged", { matched: context.matched, changed: context.changed })}
          </Callout>
        ) : null}
        {state === "failed" && context.failure ? (
          <Callout intent="danger" data-testid="bulk-failed">
            {t("contacts.bulk.failed", { matched: context.matched, message: failureText(context.failure) })}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          state === "choosing" ? (
            <>
              <Button text={t("contacts.bulk.cancel")} onClick={() => actor.send({ type: "CANCEL" })} />
              <Button
                intent="primary"
                text={t("contacts.bulk.run")}
                disabled={!ready}
                data-testid="bulk-run"
                onClick={() => actor.send({ type: "CONFIRM" })}
              />
            </>
          ) : state === "running" ? null : (
            <Button
              intent="primary"
              text={t("contacts.bulk.close")}
              data-testid="bulk-close"
              onClick={() => actor.send({ type: "RESULT.DISMISS" })}
            />
          )
        }
      />
    </Dialog>
  )
}
