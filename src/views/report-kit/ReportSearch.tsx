/** The search box of a report screen: Search, Clear, and the Enter key (a form submit), bound to the report actor. */
import type { FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, InputGroup } from "@blueprintjs/core"
import type { AnyReportActor } from "./report-hooks"

interface ReportSearchProps {
  readonly actor: AnyReportActor
  readonly label: string
  readonly placeholder: string
  /** Prefix of the test ids: `<prefix>`, `<prefix>-submit`, `<prefix>-clear`. */
  readonly testId: string
}

export const ReportSearch = ({ actor, label, placeholder, testId }: ReportSearchProps) => {
  const { t } = useTranslation()
  const draft = useSelector(actor, (s) => s.context.searchDraft)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: "SEARCH.SUBMIT" })
  }
  return (
    <search>
      <form className="mc-report-field" onSubmit={onSubmit}>
        <span>{label}</span>
        <div className="mc-media-row">
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder={placeholder}
            aria-label={label}
            value={draft}
            onValueChange={(text) => actor.send({ type: "SEARCH.CHANGE", text })}
            data-testid={testId}
          />
          <Button type="submit" intent="primary" text={t("reportKit.common.search")} data-testid={`${testId}-submit`} />
          <Button text={t("reportKit.common.clear")} onClick={() => actor.send({ type: "SEARCH.CLEAR" })} data-testid={`${testId}-clear`} />
        </div>
      </form>
    </search>
  )
}
