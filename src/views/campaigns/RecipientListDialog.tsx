/**
 * The `recipient-list-editor` dialogs: a new list from typed numbers, a CSV, or the contacts of a group, a segment or a
 * search, then every row's result (accepted, a duplicate of line N, or invalid and why); a rename; a delete to confirm.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Radio,
  RadioGroup,
  TextArea,
} from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import {
  LIST_SOURCES,
  type ListForm,
  type ListSourceKind,
  type recipientListEditorMachine,
  typedLineOf,
} from "../../machines/campaigns/recipient-list-editor"
import { useFailureText } from "../common/failure-text"

type EditorActor = ActorRefFrom<typeof recipientListEditorMachine>

const SourceFields = ({ actor }: { actor: EditorActor }) => {
  const { t } = useTranslation()
  const form = useSelector(actor, (s) => s.context.form)
  const groups = useSelector(actor, (s) => s.context.groups)
  const segments = useSelector(actor, (s) => s.context.segments)
  const reading = useSelector(actor, (s) => s.matches("reading"))
  const edit = (patch: Partial<Omit<ListForm, "file">>) => actor.send({ type: "EDIT", patch })
  switch (form.source) {
    case "numbers":
      return (
        <TextArea
          fill
          dir="ltr"
          rows={6}
          value={form.numbers}
          placeholder={t("campaigns.lists.numbersHint")}
          onChange={(e) => edit({ numbers: e.currentTarget.value })}
          aria-label={t("campaigns.lists.sources.numbers")}
          data-testid="list-numbers"
        />
      )
    case "csv":
      return (
        <>
          <FileInput
            fill
            text={form.file?.name ?? t("campaigns.lists.chooseFile")}
            buttonText="…"
            disabled={reading}
            inputProps={
              { accept: ".csv,text/csv,.txt", "aria-label": t("campaigns.lists.chooseFile"), "data-testid": "list-file" } as never
            }
            onInputChange={(event) => {
              const file = (event.target as HTMLInputElement).files?.[0]
              if (file) actor.send({ type: "FILE", file })
            }}
          />
          <p className="mc-campaign-muted">{t("campaigns.lists.csvHint")}</p>
        </>
      )
    case "group":
      return (
        <HTMLSelect
          fill
          value={form.groupId}
          onChange={(e) => edit({ groupId: e.currentTarget.value })}
          options={[
            { value: "", label: t("campaigns.lists.pickGroup") },
            ...groups.map((g) => ({
              value: String(g.id),
              label: t("campaigns.lists.countOption", { name: g.name, count: g.contact_count }),
            })),
          ]}
          data-testid="list-group"
        />
      )
    case "segment":
      return (
        <HTMLSelect
          fill
          value={form.segmentId}
          onChange={(e) => edit({ segmentId: e.currentTarget.value })}
          options={[
            { value: "", label: t("campaigns.lists.pickSegment") },
            ...segments.map((g) => ({
              value: String(g.id),
              label: t("campaigns.lists.countOption", { name: g.name, count: g.customers }),
            })),
          ]}
          data-testid="list-segment"
        />
      )
    case "search":
      return (
        <InputGroup
          value={form.search}
          placeholder={t("campaigns.lists.searchHint")}
          onValueChange={(search) => edit({ search })}
          data-testid="list-search"
        />
      )
  }
}

const ResultView = ({ actor }: { actor: EditorActor }) => {
  const { t } = useTranslation()
  const result = useSelector(actor, (s) => s.context.result)
  const source = useSelector(actor, (s) => s.context.form.source)
  if (!result) return null
  const r = result.result
  return (
    <div data-testid="list-result">
      <Callout intent={r.accepted === r.rows ? "success" : "warning"} data-testid="list-result-summary">
        {t("campaigns.lists.resultSummary", {
          name: result.name,
          rows: r.rows,
          accepted: r.accepted,
          duplicates: r.duplicates,
          invalid: r.invalid,
        })}
      </Callout>
      {r.problems.length > 0 ? (
        <HTMLTable compact striped className="mc-list-problems">
          <thead>
            <tr>
              <th>{t("campaigns.lists.line")}</th>
              <th>{t("campaigns.lists.value")}</th>
              <th>{t("campaigns.lists.outcome")}</th>
            </tr>
          </thead>
          <tbody>
            {r.problems.map((p) => (
              <tr key={p.line} data-testid="list-problem" data-line={typedLineOf(source, p.line)} data-outcome={p.outcome}>
                <td>{typedLineOf(source, p.line)}</td>
                <td dir="ltr">{p.value}</td>
                <td>
                  {p.outcome === "duplicate"
                    ? t("campaigns.lists.duplicateOf", { line: typedLineOf(source, p.of_line ?? p.line) })
                    : t("campaigns.lists.invalid")}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      {r.duplicates + r.invalid > r.problems.length ? (
        <p className="mc-campaign-muted">{t("campaigns.lists.moreProblems", { count: r.duplicates + r.invalid - r.problems.length })}</p>
      ) : null}
    </div>
  )
}

const EditForm = ({ actor }: { actor: EditorActor }) => {
  const { t } = useTranslation()
  const mode = useSelector(actor, (s) => s.context.mode)
  const form = useSelector(actor, (s) => s.context.form)
  const edit = (patch: Partial<Omit<ListForm, "file">>) => actor.send({ type: "EDIT", patch })
  return (
    <>
      <FormGroup label={t("campaigns.lists.name")} labelFor="list-name">
        <InputGroup id="list-name" value={form.name} onValueChange={(name) => edit({ name })} data-testid="list-name" />
      </FormGroup>
      {mode === "create" ? (
        <>
          <FormGroup label={t("campaigns.lists.source")}>
            <RadioGroup inline selectedValue={form.source} onChange={(e) => edit({ source: e.currentTarget.value as ListSourceKind })}>
              {LIST_SOURCES.map((s) => (
                <Radio key={s} value={s} label={t(`campaigns.lists.sources.${s}`)} data-testid={`list-source-${s}`} />
              ))}
            </RadioGroup>
            <SourceFields actor={actor} />
          </FormGroup>
          <FormGroup label={t("campaigns.lists.country")} helperText={t("campaigns.lists.countryHint")} labelFor="list-country">
            <InputGroup
              id="list-country"
              dir="ltr"
              maxLength={2}
              value={form.country}
              onValueChange={(country) => edit({ country })}
              data-testid="list-country"
            />
          </FormGroup>
        </>
      ) : null}
    </>
  )
}

export const RecipientListDialog = ({ actor }: { actor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) =>
    s.matches("closed") ? "closed" : s.matches("result") ? "result" : s.matches("confirming") || s.matches("deleting") ? "delete" : "edit",
  )
  const mode = useSelector(actor, (s) => s.context.mode)
  const target = useSelector(actor, (s) => s.context.target)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => s.matches("saving") || s.matches("deleting") || s.matches("reading"))
  const close = () => actor.send({ type: "CLOSE" })
  const title =
    state === "delete" ? t("campaigns.lists.deleteTitle") : mode === "rename" ? t("campaigns.lists.renameTitle") : t("campaigns.lists.new")
  return (
    <Dialog isOpen={state !== "closed"} onClose={close} title={title} className="mc-list-dialog">
      <DialogBody>
        {state === "result" ? <ResultView actor={actor} /> : null}
        {state === "edit" ? <EditForm actor={actor} /> : null}
        {state === "delete" ? (
          <p data-testid="list-delete-question">{t("campaigns.lists.deleteQuestion", { name: target?.name ?? "" })}</p>
        ) : null}
        {problem ? (
          <Callout intent="warning" data-testid="list-problem-callout">
            {t(`campaigns.lists.problems.${problem}`)}
          </Callout>
        ) : null}
        {failure ? (
          <Callout intent="danger" data-testid="list-failure">
            {failureText(failure)}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          state === "result" ? (
            <Button intent="primary" text={t("campaigns.close")} onClick={close} data-testid="list-result-close" />
          ) : (
            <>
              <Button text={t("campaigns.cancel")} onClick={close} />
              {state === "delete" ? (
                <Button
                  intent="danger"
                  text={t("campaigns.lists.delete")}
                  loading={busy}
                  onClick={() => actor.send({ type: "CONFIRM" })}
                  data-testid="list-delete-confirm"
                />
              ) : (
                <Button
                  intent="primary"
                  text={mode === "rename" ? t("campaigns.lists.save") : t("campaigns.lists.create")}
                  loading={busy}
                  onClick={() => actor.send({ type: "SUBMIT" })}
                  data-testid="list-save"
                />
              )}
            </>
          )
        }
      />
    </Dialog>
  )
}
