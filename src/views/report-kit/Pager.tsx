/** Page size (5, 10, 25) and previous/next for any paged report; pages are in the report's own numbering. */
import { useTranslation } from "react-i18next"
import { Button, HTMLSelect } from "@blueprintjs/core"
import { PAGE_SIZES } from "../../machines/report-kit/report-machine"

export const Pager = ({
  page,
  pageBase,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number
  pageBase: 0 | 1
  pageSize: number
  total: number
  onPage: (page: number) => void
  onPageSize: (size: number) => void
}) => {
  const { t } = useTranslation()
  // No mirroring here: Blueprint already turns the chevrons around under dir="rtl".
  const index = page - pageBase
  const from = total === 0 ? 0 : index * pageSize + 1
  const to = Math.min(total, (index + 1) * pageSize)
  const last = Math.max(0, Math.ceil(total / pageSize) - 1)
  return (
    <div className="mc-report-pager" data-testid="pager">
      <label className="mc-report-pager-size">
        <span>{t("reports.common.rowsPerPage")}</span>
        <HTMLSelect value={pageSize} onChange={(e) => onPageSize(Number(e.currentTarget.value))} data-testid="page-size" minimal>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <span className="mc-report-pager-range" data-testid="page-range">
        {t("reports.common.pageOf", { from, to, total })}
      </span>
      <Button
        icon="chevron-left"
        variant="minimal"
        aria-label={t("reports.common.previousPage")}
        disabled={index <= 0}
        onClick={() => onPage(page - 1)}
        data-testid="page-prev"
      />
      <Button
        icon="chevron-right"
        variant="minimal"
        aria-label={t("reports.common.nextPage")}
        disabled={index >= last}
        onClick={() => onPage(page + 1)}
        data-testid="page-next"
      />
    </div>
  )
}
