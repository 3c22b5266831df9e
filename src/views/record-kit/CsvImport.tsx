/**
 * The CSV import kit's view half, bound to a CSV import actor (machines/common/csv-import.ts): pick a file, upload it,
 * then the counts and every line's outcome (accepted, or refused with the server's reason). Each feature gives only
 * its words for the columns the file needs.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, FileInput, HTMLTable, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { type CsvImportMachine, importLinesOf } from "../../machines/common/csv-import"
import { useFailureText } from "../common/failure-text"

export const CsvImport = ({
  actor,
  title,
  help,
  testId,
}: {
  actor: ActorRefFrom<CsvImportMachine>
  title: string
  /** What the file holds (its columns). */
  help: string
  testId: string
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const file = useSelector(actor, (s) => s.context.file)
  const result = useSelector(actor, (s) => s.context.result)
  const failure = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const lines = result ? importLinesOf(result) : []
  return (
    <Card className="mc-csv-import" data-testid={testId}>
      <h3>{title}</h3>
      <p>{help}</p>
      <form
        className="mc-csv-import-form"
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "UPLOAD" })
        }}
      >
        <FileInput
          text={file?.name ?? t("recordKit.csvChoose")}
          buttonText={t("recordKit.csvBrowse")}
          hasSelection={file !== null}
          inputProps={{ accept: ".csv,text/csv", "data-testid": `${testId}-file` } as never}
          onInputChange={(e) => actor.send({ type: "PICK", file: e.currentTarget.files?.[0] ?? null })}
        />
        <Button
          type="submit"
          intent="primary"
          icon="upload"
          disabled={file === null}
          loading={busy}
          text={t("recordKit.csvUpload")}
          data-testid={`${testId}-upload`}
        />
      </form>
      {failure ? (
        <Callout intent="danger" data-testid={`${testId}-failure`}>
          {t("recordKit.csvFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      {result ? (
        <>
          <Callout intent={result.skipped > 0 ? "warning" : "success"} data-testid={`${testId}-summary`}>
            {t("recordKit.csvSummary", { inserted: result.inserted, updated: result.updated, skipped: result.skipped })}
          </Callout>
          {lines.length > 0 ? (
            <HTMLTable compact striped className="mc-csv-lines" data-testid={`${testId}-lines`}>
              <thead>
                <tr>
                  <th className="mc-num">{t("recordKit.csvLine")}</th>
                  <th>{t("recordKit.csvOutcome")}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.line} data-testid={`${testId}-line`} data-line={l.line} data-ok={l.error === null}>
                    <td className="mc-num">{l.line}</td>
                    <td>
                      {l.error === null ? (
                        <Tag minimal intent="success">
                          {t("recordKit.csvAccepted")}
                        </Tag>
                      ) : (
                        <>
                          <Tag minimal intent="danger">
                            {t("recordKit.csvRefused")}
                          </Tag>{" "}
                          <span dir="auto">{l.error}</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : null}
        </>
      ) : null}
    </Card>
  )
}
