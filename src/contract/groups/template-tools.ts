import { Schema } from "effect"
import { defineGroup } from "../call"
import { Amount, Currency, Data, Empty, Id, List, Phones } from "../schemas/common"
import { TemplateCategory } from "../schemas/templates"
import { CampaignRecipient } from "../schemas/campaigns"

export const NumberCheck = Schema.Struct({
  number: Schema.String,
  /** Whether the number has a WhatsApp account (the channel answers). */
  on_whatsapp: Schema.Boolean,
  /** Whether the customer opted out of template messages. */
  blacklisted: Schema.Boolean,
})
export type NumberCheck = typeof NumberCheck.Type

export const TemplatePrice = Schema.Struct({ category: TemplateCategory, price: Amount, currency: Currency })
export type TemplatePrice = typeof TemplatePrice.Type

/**
 * Template tools beyond the spec (which has screens for them but no call): check numbers on WhatsApp, take numbers off
 * the opt-out blacklist, the price of one template message per category (the super admin's price table), and a
 * campaign's report streamed.
 */
export const templateTools = defineGroup(
  "templateTools",
  { title: "Template numbers and prices", permission: "templates", beyondSpec: true },
  {
    /** Whether each number is on WhatsApp and whether it opted out. */
    templateNumbersCheck: {
      method: "POST",
      path: "/template/numbers/check",
      request: Schema.Struct({ numbers: Phones(1000) }),
      response: List(NumberCheck),
    },
    /** Takes numbers off the opt-out blacklist: template messages reach them again. */
    templateNumbersClear: {
      method: "POST",
      path: "/template/numbers/clear",
      request: Schema.Struct({ numbers: Phones(1000) }),
      response: Data(Schema.Struct({ cleared: Schema.Array(Schema.String), not_listed: Schema.Array(Schema.String) })),
    },
    /** The price of one template message per category. */
    templatePrices: { method: "POST", path: "/template/prices", request: Empty, response: List(TemplatePrice) },
    /** Sets a category's price (super admin). */
    templatePriceSet: {
      method: "POST",
      path: "/template/prices/set",
      request: Schema.Struct({ category: TemplateCategory, price: Amount }),
      response: Data(TemplatePrice),
      access: "superAdmin",
    },
    /**
     * A campaign's recipients for its CSV report, answered as a stream (read in batches and written as they are read),
     * so a 100,000-recipient report is never held whole by the server or the console (the spec's
     * `downloadTemplateCampaign` answers it as one string). The campaigns feature answers it.
     */
    campaignReportRows: {
      method: "POST",
      path: "/template/campaign/report/rows",
      request: Schema.Struct({ id: Id }),
      response: Data(Schema.Struct({ items: Schema.Array(CampaignRecipient) })),
    },
  },
)
