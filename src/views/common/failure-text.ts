/** The view half of src/machines/common/failure.ts: a failure kept in context, in the user's language. */
import { useTranslation } from "react-i18next"
import { type Failure, failureText } from "../../machines/common/failure"

export const useFailureText = () => {
  const { t } = useTranslation()
  return (failure: Failure): string => {
    const text = failureText(failure)
    return "text" in text ? text.text : t(text.key, "values" in text ? text.values : {})
  }
}
