import { Button, Icon } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { useAccountActor } from "../common/actor-context"
import { AuthFrame } from "./AuthFrame"

export const MailConfirmView = () => {
  const { t } = useTranslation()
  const account = useAccountActor()
  const email = useSelector(account, (s) => s.context.email)
  return (
    <AuthFrame title={t("account.mailTitle")}>
      <div className="mc-mail-icon">
        <Icon icon="envelope" size={40} />
      </div>
      <p data-testid="mail-confirm">{email ? t("account.mailBody", { email }) : t("account.mailBodyGeneric")}</p>
      <Link to="/login">
        <Button intent="primary" fill text={t("account.backToLogin")} />
      </Link>
    </AuthFrame>
  )
}
