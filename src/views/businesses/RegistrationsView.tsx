/**
 * /apps/company-forms for the super admin: the registrations waiting for review (`report-registrations`, by stage);
 * a row opens the business's drawer, with its documents and the review's moves.
 */
import { useTranslation } from "react-i18next"
import { BusinessListFrame } from "./BusinessListFrame"

const STAGES = ["submitted", "in_review"] as const

export const RegistrationsView = () => {
  const { t } = useTranslation()
  return (
    <BusinessListFrame
      systemId="report-registrations"
      name="registrations"
      title={t("businesses.reviewTitle")}
      subtitle={t("businesses.reviewSubtitle")}
      emptyText={t("businesses.emptyReview")}
      filter={{
        field: "stage",
        label: t("businesses.stage"),
        options: STAGES.map((value) => ({ value, label: t(`businesses.stages.${value}`) })),
      }}
      middleColumns={[]}
    />
  )
}
