/** A report's Export / Download button: busy while the machine makes and hands over the file. */
import { useSelector } from "@xstate/react"
import { Button } from "@blueprintjs/core"
import { selectExporting } from "../../machines/report-kit/report-selectors"
import { type AnyReportActor, useExportEffects } from "./report-hooks"

export const ExportButton = ({ actor, text, testId }: { actor: AnyReportActor; text: string; testId: string }) => {
  const exporting = useSelector(actor, selectExporting)
  useExportEffects(actor)
  return <Button icon="download" text={text} loading={exporting} onClick={() => actor.send({ type: "EXPORT" })} data-testid={testId} />
}
