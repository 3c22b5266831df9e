/**
 * /apps/company-profile for the super admin: every business (`report-businesses`, searched and filtered by state);
 * a row opens its detail drawer (BusinessPanel). Anyone else manages their own business in the company pages.
 */
import { useTranslation } from "react-i18next"
import { Tag } from "@blueprintjs/core"
import { BusinessListFrame } from "./BusinessListFrame"

const STATES = ["all", "active", "inactive"] as const

export const BusinessesView = () => {
  const { t } = useTranslation()
  return (
    <BusinessListFrame
      systemId="report-businesses"
      name="businesses"
      title={t("businesses.title")}
      subtitle={t("businesses.subtitle")}
      emptyText={t("businesses.empty")}
      filter={{
        field: "state",
        label: t("businesses.state"),
        options: STATES.map((value) => ({ value, label: t(`businesses.states.${value}`) })),
      }}
      middleColumns={[t("businesses.columns.status")]}
      middleCells={(row) => (
        <td>
          <Tag intent={row.active ? "success" : "none"} minimal>
            {row.onboarding_status === "approved"
              ? t(row.active ? "businesses.active" : "businesses.inactive")
              : t(`businesses.onboarding.${row.onboarding_status}`)}
          </Tag>
        </td>
      )}
      rowProps={(row) => ({ "data-active": row.active ? "true" : "false" })}
    />
  )
}
