import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, List, Name, Ok, Text } from "../schemas/common"
import { AccessToken, PageId, SocialPage } from "../schemas/tenants"
import { AppSecret, ChannelAccount, WhatsappConnection } from "../schemas/channels"

const Page = Schema.Struct({ page_id: PageId })

export const channels = defineGroup(
  "channels",
  { title: "Channels", permission: "channels" },
  {
    /** Connects Facebook with the token of the login dialog; the pages then come from fbPages. */
    onboardingFb: {
      method: "POST",
      path: "/onboarding/fb",
      request: Schema.Struct({ access_token: AccessToken, app_secret: AppSecret }),
      response: Data(ChannelAccount),
    },
    onboardingInstagram: {
      method: "POST",
      path: "/onboarding/instagram",
      request: Schema.Struct({ access_token: AccessToken, app_secret: AppSecret }),
      response: Data(ChannelAccount),
    },
    /**
     * Connects (or reconnects) the tenant's WhatsApp Cloud API number: the token and app secret are stored sealed and
     * the answer carries the webhook URL and verify token to paste in Meta's console; the number is checked at once.
     */
    onboardingWhatsapp: {
      method: "POST",
      path: "/onboarding/whatsapp",
      request: WhatsappConnection,
      response: Data(ChannelAccount),
    },
    fbPages: { method: "POST", path: "/fb/pages", request: Empty, response: List(SocialPage) },
    instagramPages: { method: "POST", path: "/instagram/pages", request: Empty, response: List(SocialPage) },
    updateFb: {
      method: "POST",
      path: "/update/fb",
      request: Schema.Struct({
        page_id: PageId,
        welcome_message: Schema.optional(Text(1000)),
        subscribed: Schema.optional(Schema.Boolean),
      }),
      response: Data(SocialPage),
    },
    unsubscribeFb: { method: "POST", path: "/unsubscribe/fb", request: Page, response: Ok },
    unsubscribeInstagram: { method: "POST", path: "/unsubscribe/instagram", request: Page, response: Ok },
    /**
     * Subscribes the chosen pages to the product's webhook. A page's `access_token` may be left out: the token the
     * connected login holds for that page is used (the console never sees page tokens).
     */
    onboardingFbPages: {
      method: "POST",
      path: "/onboarding/fb-pages",
      request: Schema.Struct({
        pages: Schema.Array(Schema.Struct({ id: PageId, name: Name(200), access_token: Schema.optional(AccessToken) })).check(
          Schema.isMinLength(1),
          Schema.isMaxLength(50),
        ),
      }),
      response: List(SocialPage),
    },
    onboardingWhatsappStatus: {
      method: "GET",
      path: "/onboarding/whatsapp/status",
      request: Empty,
      response: Data(ChannelAccount),
    },
  },
)
