import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const onboarding = defineGroup("onboarding", { title: "Onboarding and client settings", permission: "client_settings" }, {
  fetchCountries: { method: "GET", path: "/fetch/countries", request: Undesigned, response: Undesigned },
  fetchSubjectByClientId: { method: "GET", path: "/backend/fetch/subject/{client_id}", request: Undesigned, response: Undesigned },
  register: { method: "POST", path: "/register", request: Undesigned, response: Undesigned },
  clientOnboarding: { method: "POST", path: "/backend/client/onboarding", request: Undesigned, response: Undesigned },
  registrationUpload: { method: "POST", path: "/registration/upload", request: Undesigned, response: Undesigned },
  clientUpdate: { method: "POST", path: "/backend/client/update", request: Undesigned, response: Undesigned },
  clientUpdateSubject: { method: "POST", path: "/backend/client/update/subject", request: Undesigned, response: Undesigned },
  clientAllsettings: { method: "POST", path: "/client/allsettings", request: Undesigned, response: Undesigned },
  updateAllsettings: { method: "POST", path: "/update/allsettings", request: Undesigned, response: Undesigned },
  configureWebhook: { method: "POST", path: "/configure/webhook", request: Undesigned, response: Undesigned },
  getWebhook: { method: "POST", path: "/get/webhook", request: Undesigned, response: Undesigned },
  clientHealthCheck: { method: "POST", path: "/client/health/check", request: Undesigned, response: Undesigned },
  templateMigration: { method: "POST", path: "/template/migration", request: Undesigned, response: Undesigned },
  getCallSetting: { method: "POST", path: "/get/call/setting", request: Undesigned, response: Undesigned },
  callSetting: { method: "POST", path: "/call/setting", request: Undesigned, response: Undesigned },
})
