/** The template group's bulk side: campaigns, their recipient lists and numbers, the outbox and its statuses. */
import { Schema } from "effect"
import type { CallSpec } from "../call"
import { Count, Data, DateRange, Empty, Id, IdBody, List, ListQuery, Ok, Paged, Phone, optionalFields } from "../schemas/common"
import { ActiveSession, BlacklistedNumber, OutgoingMessage, OutgoingStatus } from "../schemas/templates"
import {
  Campaign,
  CampaignInput,
  CampaignRecipient,
  CampaignStatus,
  RecipientList,
  RecipientListInput,
  RecipientListResult,
  RecipientStatus,
  StoredRecipient,
} from "../schemas/campaigns"
import { AnyClient, ForClient, admin } from "./templates-admin"

const CampaignList = { ...ListQuery, ...DateRange, status: Schema.optional(CampaignStatus) }
const CampaignUpdate = { id: Id, ...optionalFields(CampaignInput) }
const RecipientUpdate = { id: Id, ...optionalFields(RecipientListInput) }
const StatusQuery = {
  ...ListQuery,
  campaign_id: Schema.optional(Id),
  message_ids: Schema.optional(Schema.Array(Schema.String.check(Schema.isMaxLength(128))).check(Schema.isMaxLength(1000))),
  status: Schema.optional(OutgoingStatus),
}
const Csv = Data(Schema.Struct({ file_name: Schema.String, csv: Schema.String }))

export const campaignCalls = {
  templateCampaign: {
    method: "POST",
    path: "/template/campaign",
    request: Schema.Struct(CampaignList),
    response: Paged(Campaign),
  },
  templateCreateCampaign: {
    method: "POST",
    path: "/template/create/campaign",
    request: Schema.Struct(CampaignInput),
    response: Data(Campaign),
  },
  templateUpdateCampaign: {
    method: "POST",
    path: "/template/update/campaign",
    request: Schema.Struct(CampaignUpdate),
    response: Data(Campaign),
  },
  templateCreateCampaignAdmin: {
    method: "POST",
    path: "/template/create/campaign/admin",
    request: Schema.Struct({ ...CampaignInput, ...ForClient }),
    response: Data(Campaign),
    ...admin,
  },
  templateUpdateCampaignAdmin: {
    method: "POST",
    path: "/template/update/campaign/admin",
    request: Schema.Struct({ ...CampaignUpdate, ...ForClient }),
    response: Data(Campaign),
    ...admin,
  },
  templateDeleteCampaign: { method: "POST", path: "/template/delete/campaign", request: IdBody, response: Ok },
  templateDeleteCampaignAdmin: {
    method: "POST",
    path: "/template/delete/campaign/admin",
    request: Schema.Struct({ id: Id, ...ForClient }),
    response: Ok,
    ...admin,
  },
  templateCampaignAdmin: {
    method: "POST",
    path: "/template/campaign/admin",
    request: Schema.Struct({ ...CampaignList, ...AnyClient }),
    response: Paged(Campaign),
    ...admin,
  },
  templateRecipients: {
    method: "POST",
    path: "/template/recipients",
    request: Schema.Struct(ListQuery),
    response: Paged(RecipientList),
  },
  templateRecipientsCreate: {
    method: "POST",
    path: "/template/recipients/create",
    request: Schema.Struct(RecipientListInput),
    response: Data(RecipientListResult),
  },
  templateRecipientsUpdate: {
    method: "POST",
    path: "/template/recipients/update",
    request: Schema.Struct(RecipientUpdate),
    response: Data(RecipientListResult),
  },
  templateRecipientsDelete: { method: "POST", path: "/template/recipients/delete", request: IdBody, response: Ok },
  templateRecipientsAdmin: {
    method: "POST",
    path: "/template/recipients/admin",
    request: Schema.Struct({ ...ListQuery, ...AnyClient }),
    response: Paged(RecipientList),
    ...admin,
  },
  templateRecipientsCreateAdmin: {
    method: "POST",
    path: "/template/recipients/create/admin",
    request: Schema.Struct({ ...RecipientListInput, ...ForClient }),
    response: Data(RecipientListResult),
    ...admin,
  },
  templateRecipientsUpdateAdmin: {
    method: "POST",
    path: "/template/recipients/update/admin",
    request: Schema.Struct({ ...RecipientUpdate, ...ForClient }),
    response: Data(RecipientListResult),
    ...admin,
  },
  templateRecipientsDeleteAdmin: {
    method: "POST",
    path: "/template/recipients/delete/admin",
    request: Schema.Struct({ id: Id, ...ForClient }),
    response: Ok,
    ...admin,
  },
  /** Every stored recipient number of the tenant. */
  templateNumbersAll: {
    method: "POST",
    path: "/template/numbers/all",
    request: Schema.Struct(ListQuery),
    response: Paged(StoredRecipient),
  },
  templateNumbers: {
    method: "POST",
    path: "/template/numbers",
    request: Schema.Struct({ ...ListQuery, recipient_list_id: Id }),
    response: Paged(StoredRecipient),
  },
  /** The numbers of one campaign and how far each got. */
  templateRecipientNumbers: {
    method: "POST",
    path: "/template/recipient/numbers",
    request: Schema.Struct({ ...ListQuery, campaign_id: Id, status: Schema.optional(RecipientStatus) }),
    response: Paged(CampaignRecipient),
  },
  /** The outbox. */
  templateMessages: {
    method: "POST",
    path: "/template/messages",
    request: Schema.Struct({ ...ListQuery, ...DateRange, status: Schema.optional(OutgoingStatus) }),
    response: Paged(OutgoingMessage),
  },
  templateOutboxMetaData: {
    method: "POST",
    path: "/template/outbox/meta-data",
    request: Schema.Struct(DateRange),
    response: Data(
      Schema.Struct({
        total: Count,
        status_count: Schema.Array(Schema.Struct({ status: OutgoingStatus, count: Count })),
      }),
    ),
  },
  outgoingMessageStatus: {
    method: "POST",
    path: "/outgoing/message/status",
    request: Schema.Struct(StatusQuery),
    response: Paged(OutgoingMessage),
  },
  outgoingMessageStatusAdmin: {
    method: "POST",
    path: "/outgoing/message/status/admin",
    request: Schema.Struct({ ...StatusQuery, ...AnyClient }),
    response: Paged(OutgoingMessage),
    ...admin,
  },
  /** Re-sends to the campaign's failed recipients. */
  templateRetryCampaign: {
    method: "POST",
    path: "/template/retry/campaign",
    request: IdBody,
    response: Data(Campaign),
  },
  templateSearchNumber: {
    method: "POST",
    path: "/template/search/number",
    request: Schema.Struct({ ...ListQuery, number: Phone }),
    response: Paged(OutgoingMessage),
  },
  downloadTemplateCampaign: { method: "POST", path: "/download/template/campaign", request: IdBody, response: Csv },
  changeCampaignStatus: {
    method: "POST",
    path: "/change/campaign/status",
    /** scheduled: launch a draft (at its scheduled_at, or now); running: start now or resume; paused; stopped. */
    request: Schema.Struct({ id: Id, status: Schema.Literals(["scheduled", "running", "paused", "stopped"]) }),
    response: Data(Campaign),
  },
  /** Customers whose 24-hour window is open: free-form messages still reach them. */
  fetchActiveSessions: {
    method: "POST",
    path: "/fetch/activeSessions",
    request: Schema.Struct(ListQuery),
    response: Paged(ActiveSession),
  },
  /** Drops a campaign's queued messages that were not sent yet. */
  stopTemplateMessage: {
    method: "POST",
    path: "/stop/template/message",
    request: Schema.Struct({ campaign_id: Id }),
    response: Data(Campaign),
  },
  templateRecipientsBlacklist: {
    method: "GET",
    path: "/template/recipients/blacklist",
    request: Empty,
    response: List(BlacklistedNumber),
  },
} satisfies Record<string, CallSpec>
