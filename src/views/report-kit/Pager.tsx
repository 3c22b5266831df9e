/** Page size (5, 10, 25) and previous/next for any paged report, bound to its actor; the figures are the machine's. */
import { useTranslation } from "react-i18next"
import { shallowEqual, useSelector } from "@xstate/react"
import { Button, HTMLSelect } from "@blueprintjs/core"
import { PAGE_SIZES } from "../../machines/report-kit/report-machine"
import { selectPaging } from "../../machines/report-kit/report-selectors"
import type { AnyReportActor } from "./report-hooks"

export const Pager = ({ actor }: { actor: AnyReportActor }) => {
  const { t } = useTranslation()
  const { pageSize, total, from, to, previous, next } = useSelector(actor, selectPaging, shallowEqual)
  // No mirroring here: Blueprint already turns the chevrons around under dir="rtl".
  return (
    <div className="mc-report-pager" data-testid="pager">
      <label className="mc-report-pager-size">
        <span>{t("reportKit.common.rowsPerPage")}</span>
        <HTMLSelect
          value={pageSize}
          onChange={(e) => actor.send({ type: "PAGE_SIZE.SET", size: Number(e.currentTarget.value) })}
          data-testid="page-size"
          minimal
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <span className="mc-report-pager-range" data-testid="page-range">
        {t("reportKit.common.pageOf", { from, to, total })}
      </span>
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label={t("reportKit.common.previousPage")}
        disabled={previous === null}
        onClick={() => previous !== null && actor.send({ type: "PAGE.SET", page: previous })}
        data-testid="page-prev"
      />
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label={t("reportKit.common.nextPage")}
        disabled={next === null}
        onClick={() => next !== null && actor.send({ type: "PAGE.SET", page: next })}
        data-testid="page-next"
      />
    </div>
  )
}
