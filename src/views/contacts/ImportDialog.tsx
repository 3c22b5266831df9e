/**
 * The CSV import wizard on the `contacts-import` page actor: choose a file (inspected in a worker), map its columns
 * with a preview of the first rows, import with a progress bar, and a result that accounts for every row, with the
 * rejected rows (line, number, reason) on screen and as a CSV download.
 */
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  ProgressBar,
  Spinner,
} from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { importMachine } from "../../machines/contacts/import-machine"
import { type ColumnRole, mappingProblem } from "../../machines/contacts/import-mapping"
import { useFailureText } from "../common/failure-text"
import { useSaveFile } from "./use-save-file"

type ImportRef = ActorRefFrom<typeof importMachine>
const ROLES: readonly ColumnRole[] = ["number", "name", "email", "attribute", "ignore"]

const ChooseStep = ({ actor }: { actor: ImportRef }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const inspecting = useSelector(actor, (s) => s.hasTag("inspecting"))
  return (
    <>
      <p>{t("contacts.import.chooseHint")}</p>
      <FileInput
        fill
        text={t("contacts.import.choose")}
        buttonText="…"
        inputProps={{ accept: ".csv,text/csv,.txt", "aria-label": t("contacts.import.choose"), id: "contacts-import-file" } as never}
        onInputChange={(event) => {
          const file = (event.target as HTMLInputElement).files?.[0]
          if (file) actor.send({ type: "FILE.CHOOSE", file })
        }}
      />
      {inspecting ? (
        <p data-testid="import-reading">
          <Spinner size={16} /> {t("contacts.import.reading")}
        </p>
      ) : null}
      {problem ? (
        <Callout intent="danger" data-testid="import-problem">
          {t(`contacts.import.problem.${problem}`)}
        </Callout>
      ) : null}
      {failure && !inspecting ? (
        <Callout intent="danger" data-testid="import-problem">
          {t("contacts.import.readFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
    </>
  )
}

const MappingStep = ({ actor }: { actor: ImportRef }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const context = useSelector(actor, (s) => s.context)
  const uploading = useSelector(actor, (s) => s.hasTag("uploading"))
  const preview = context.preview
  if (!preview) return null
  const problem = mappingProblem(context.columns)
  const progress = context.progress
  return (
    <>
      <p data-testid="import-rows">{t("contacts.import.rows", { count: preview.rowCount, file: context.file?.name ?? "" })}</p>
      <h4>{t("contacts.import.mapping")}</h4>
      <div className="mc-contacts-scroll">
        <HTMLTable compact bordered data-testid="import-mapping">
          <thead>
            <tr>
              {context.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a CSV column is its place (headers may repeat)
                <th key={`${index}-${column.header}`} scope="col">
                  <div className="mc-contacts-column">
                    <strong>{column.header}</strong>
                    <HTMLSelect
                      value={column.role}
                      aria-label={column.header}
                      disabled={uploading}
                      data-testid={`import-role-${index}`}
                      onChange={(e) => actor.send({ type: "COLUMN.SET", index, role: e.currentTarget.value as ColumnRole })}
                      options={ROLES.map((role) => ({ value: role, label: t(`contacts.import.role.${role}`) }))}
                    />
                    {column.role === "attribute" ? (
                      <InputGroup
                        small
                        value={column.key}
                        aria-label={t("contacts.import.key")}
                        disabled={uploading}
                        onValueChange={(key) => actor.send({ type: "COLUMN.SET", index, role: "attribute", key })}
                      />
                    ) : null}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
              <tr key={r}>
                {context.columns.map((column, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a CSV column is its place (headers may repeat)
                  <td key={`${c}-${column.header}`} dir="auto" className={column.role === "ignore" ? "mc-contacts-ignored" : undefined}>
                    {row[c] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {problem ? (
        <Callout intent="warning" data-testid="import-mapping-problem">
          {t(`contacts.import.mappingProblem.${problem}`)}
        </Callout>
      ) : null}
      {context.failure ? (
        <Callout intent="danger" data-testid="import-failed">
          {t("contacts.import.uploadFailed", { message: failureText(context.failure) })}
        </Callout>
      ) : null}
      {uploading ? (
        <div data-testid="import-progress">
          <p>
            {progress
              ? t("contacts.import.progress", {
                  rows: progress.rows,
                  percent: Math.round((100 * progress.bytesDone) / Math.max(1, progress.bytesTotal)),
                })
              : t("contacts.import.uploading")}
          </p>
          <ProgressBar
            aria-label={t("contacts.import.uploading")}
            intent="primary"
            value={progress ? progress.bytesDone / Math.max(1, progress.bytesTotal) : undefined}
          />
        </div>
      ) : null}
    </>
  )
}

const ResultStep = ({ actor }: { actor: ImportRef }) => {
  const { t } = useTranslation()
  const result = useSelector(actor, (s) => s.context.result)
  if (!result) return null
  const figures = [
    ["total", result.rows],
    ["imported", result.imported],
    ["merged", result.merged],
    ["rejected", result.rejected],
  ] as const
  return (
    <>
      <h4>{t("contacts.import.resultTitle")}</h4>
      <div className="mc-contacts-figures" data-testid="import-result">
        {figures.map(([key, value]) => (
          <div key={key} className="mc-contacts-figure" data-testid={`import-${key}`}>
            <span>{t(`contacts.import.${key}`)}</span>
            <strong>{value}</strong>
          </div>
        ))}
      </div>
      {result.rejections.length > 0 ? (
        <div className="mc-contacts-scroll">
          <HTMLTable compact striped data-testid="import-rejections">
            <thead>
              <tr>
                <th scope="col">{t("contacts.import.line")}</th>
                <th scope="col">{t("contacts.list.number")}</th>
                <th scope="col">{t("contacts.import.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {result.rejections.map((r) => (
                <tr key={r.line} data-testid="import-rejection">
                  <td className="mc-num">{r.line}</td>
                  <td className="mc-num" dir="ltr">
                    {r.number ?? ""}
                  </td>
                  <td title={r.message}>{t(`contacts.import.reasons.${r.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
    </>
  )
}

export const ImportDialog = ({ actor, isOpen, onClose }: { actor: ImportRef; isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation()
  const step = useSelector(actor, (s) => (s.hasTag("done") ? "done" : s.hasTag("mapping") || s.hasTag("uploading") ? "mapping" : "choose"))
  const uploading = useSelector(actor, (s) => s.hasTag("uploading"))
  const ready = useSelector(actor, (s) => mappingProblem(s.context.columns) === null)
  const rejected = useSelector(actor, (s) => (s.context.result?.rejected ?? 0) > 0)
  const download = useSelector(actor, (s) => s.context.download)
  const saved = useCallback(() => actor.send({ type: "DOWNLOAD.SAVED" }), [actor])
  useSaveFile(download, saved)
  return (
    <Dialog
      isOpen={isOpen}
      onClose={uploading ? undefined : onClose}
      title={t("contacts.import.title")}
      style={{ width: "min(960px, 96vw)" }}
    >
      <DialogBody>
        {step === "choose" ? <ChooseStep actor={actor} /> : null}
        {step === "mapping" ? <MappingStep actor={actor} /> : null}
        {step === "done" ? <ResultStep actor={actor} /> : null}
      </DialogBody>
      <DialogFooter
        actions={
          step === "mapping" ? (
            <>
              <Button text={t("contacts.import.another")} disabled={uploading} onClick={() => actor.send({ type: "RESTART" })} />
              <Button
                intent="primary"
                text={t("contacts.import.upload")}
                loading={uploading}
                disabled={!ready}
                data-testid="import-upload"
                onClick={() => actor.send({ type: "UPLOAD" })}
              />
            </>
          ) : step === "done" ? (
            <>
              {rejected ? (
                <Button
                  icon="download"
                  text={t("contacts.import.download")}
                  data-testid="import-download"
                  onClick={() => actor.send({ type: "REJECTIONS.DOWNLOAD" })}
                />
              ) : null}
              <Button text={t("contacts.import.again")} onClick={() => actor.send({ type: "RESTART" })} />
              <Button intent="primary" text={t("contacts.import.close")} onClick={onClose} data-testid="import-close" />
            </>
          ) : (
            <Button text={t("contacts.import.close")} onClick={onClose} />
          )
        }
      />
    </Dialog>
  )
}
