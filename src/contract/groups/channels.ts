import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const channels = defineGroup("channels", { title: "Channels", permission: "channels" }, {
  onboardingFb: { method: "POST", path: "/onboarding/fb", request: Undesigned, response: Undesigned },
  onboardingInstagram: { method: "POST", path: "/onboarding/instagram", request: Undesigned, response: Undesigned },
  onboardingWhatsapp: { method: "POST", path: "/onboarding/whatsapp", request: Undesigned, response: Undesigned },
  fbPages: { method: "POST", path: "/fb/pages", request: Undesigned, response: Undesigned },
  instagramPages: { method: "POST", path: "/instagram/pages", request: Undesigned, response: Undesigned },
  updateFb: { method: "POST", path: "/update/fb", request: Undesigned, response: Undesigned },
  unsubscribeFb: { method: "POST", path: "/unsubscribe/fb", request: Undesigned, response: Undesigned },
  unsubscribeInstagram: { method: "POST", path: "/unsubscribe/instagram", request: Undesigned, response: Undesigned },
  onboardingFbPages: { method: "POST", path: "/onboarding/fb-pages", request: Undesigned, response: Undesigned },
  onboardingWhatsappStatus: { method: "GET", path: "/onboarding/whatsapp/status", request: Undesigned, response: Undesigned },
})
