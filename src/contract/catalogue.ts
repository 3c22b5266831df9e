import { auth } from "./groups/auth"
import { dashboard } from "./groups/dashboard"
import { roles } from "./groups/roles"
import { permissions } from "./groups/permissions"
import { users } from "./groups/users"
import { agentGroups } from "./groups/agent-groups"
import { cannedMessages } from "./groups/canned-messages"
import { contacts } from "./groups/contacts"
import { conversationTemplates } from "./groups/conversation-templates"
import { uploads } from "./groups/uploads"
import { chat } from "./groups/chat"
import { tickets } from "./groups/tickets"
import { complaints } from "./groups/complaints"
import { campaigns } from "./groups/campaigns"
import { templates } from "./groups/templates"
import { reports } from "./groups/reports"
import { otp } from "./groups/otp"
import { locations } from "./groups/locations"
import { onboarding } from "./groups/onboarding"
import { businesses } from "./groups/businesses"
import { businessReview } from "./groups/business-review"
import { company } from "./groups/company"
import { dataRights } from "./groups/data-rights"
import { transcripts } from "./groups/transcripts"
import { callRecordings } from "./groups/call-recordings"
import { scheduledSends } from "./groups/scheduled-sends"
import { sla } from "./groups/sla"
import { routing } from "./groups/routing"
import { platform } from "./groups/platform"
import { chatbots } from "./groups/chatbots"
import { layout } from "./groups/layout"
import { flags } from "./groups/flags"
import { pbx } from "./groups/pbx"
import { mau } from "./groups/mau"
import { catalogues } from "./groups/catalogues"
import { channels } from "./groups/channels"
import { metaLogins } from "./groups/meta-logins"
import { webchat } from "./groups/webchat"
import { tagging } from "./groups/tagging"
import { uat } from "./groups/uat"
import { sms } from "./groups/sms"
import { blacklist } from "./groups/blacklist"
import { security } from "./groups/security"
import { webhooks } from "./groups/webhooks"
import { billing } from "./groups/billing"
import { otpSettings } from "./groups/otp-settings"
import { ipWhitelist } from "./groups/ip-whitelist"
import { templateTools } from "./groups/template-tools"
import { productImport } from "./groups/product-import"
import { chatProducts } from "./groups/chat-products"
import type { CallDef } from "./call"

/** Every call of the catalogue, by group key then call name. */
export const catalogue = {
  auth,
  dashboard,
  roles,
  permissions,
  users,
  agentGroups,
  cannedMessages,
  contacts,
  conversationTemplates,
  uploads,
  chat,
  tickets,
  complaints,
  campaigns,
  templates,
  reports,
  otp,
  locations,
  onboarding,
  businesses,
  businessReview,
  company,
  chatbots,
  layout,
  flags,
  mau,
  catalogues,
  channels,
  metaLogins,
  webchat,
  tagging,
  uat,
  sms,
  blacklist,
  security,
  pbx,
  webhooks,
  billing,
  otpSettings,
  ipWhitelist,
  templateTools,
  productImport,
  chatProducts,
  dataRights,
  transcripts,
  callRecordings,
  scheduledSends,
  sla,
  routing,
  platform,
} as const

export type Catalogue = typeof catalogue
export type GroupKey = keyof Catalogue
export type CallName<G extends GroupKey> = keyof Catalogue[G]["calls"] & string

export const allCalls: readonly CallDef[] = Object.values(catalogue).flatMap((group) => Object.values(group.calls) as CallDef[])

/** Every back-end permission a call can need; granted as `BACK:<permission>` = 1 in back_acl. */
export const backPermissions: readonly string[] = [
  ...new Set(allCalls.map((call) => call.permission).filter((p): p is string => p !== null)),
].sort()

/** The calls the spec lists (calls.tsv): every group but those marked `beyondSpec`. */
export const specGroupKeys: ReadonlySet<string> = new Set(
  Object.values(catalogue).flatMap((group) => (group.beyondSpec ? [] : [group.key])),
)
