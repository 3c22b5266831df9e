/**
 * Every feature of the console, in the order the root starts their actors (the shell's ACL gate and layout before
 * the session, which tells them about the stored session as soon as it is read). A new feature adds its manifest
 * (src/app/features/<name>.ts) and one entry here, a server-only one too (feature-layers.test.ts).
 */
import type { Feature } from "./feature"
import { admin } from "./features/admin"
import { agentGroups } from "./features/agent-groups"
import { calls } from "./features/calls"
import { canned } from "./features/canned"
import { chartKit } from "./features/chart-kit"
import { chat } from "./features/chat"
import { chatbots } from "./features/chatbots"
import { complaints } from "./features/complaints"
import { dashboard } from "./features/dashboard"
import { labels } from "./features/labels"
import { ipWhitelist } from "./features/ip-whitelist"
import { blacklist } from "./features/blacklist"
import { accountLimits } from "./features/account-limits"
import { uat } from "./features/uat"
import { billing } from "./features/billing"
import { mau } from "./features/mau"
import { mediaPreview } from "./features/media-preview"
import { recordKit } from "./features/record-kit"
import { reportKit } from "./features/report-kit"
import { contactForm } from "./features/contact-form"
import { contacts } from "./features/contacts"
import { dataRights } from "./features/data-rights"
import { transcripts } from "./features/transcripts"
import { scheduledSends } from "./features/scheduled-sends"
import { routing } from "./features/routing"
import { sla } from "./features/sla"
import { flags } from "./features/flags"
import { reminders } from "./features/reminders"
import { reports } from "./features/reports"
import { segments } from "./features/segments"
import { session } from "./features/session"
import { sessionMessages } from "./features/session-messages"
import { shell } from "./features/shell"
import { simulator } from "./features/simulator"
import { sms } from "./features/sms"
import { otp } from "./features/otp"
import { softphone } from "./features/softphone"
import { tags } from "./features/tags"
import { templates } from "./features/templates"
import { campaigns } from "./features/campaigns"
import { orders } from "./features/orders"
import { locations } from "./features/locations"
import { catalogues } from "./features/catalogues"
import { tickets } from "./features/tickets"
import { workspace } from "./features/workspace"
import { webhooks } from "./features/webhooks"
import { channels } from "./features/channels"
import { webchat } from "./features/webchat"
import { businesses } from "./features/businesses"
import { onboarding } from "./features/onboarding"
import { tenantSettings } from "./features/tenant-settings"
import { uploads } from "./features/uploads"
import { platform } from "./features/platform"

export const features: readonly Feature[] = [
  shell,
  session,
  calls,
  chat,
  reports,
  workspace,
  tickets,
  complaints,
  softphone,
  simulator,
  dashboard,
  recordKit,
  chartKit,
  reportKit,
  mediaPreview,
  canned,
  labels,
  chatbots,
  segments,
  sessionMessages,
  tags,
  contacts,
  flags,
  reminders,
  contactForm,
  admin,
  agentGroups,
  sms,
  otp,
  webhooks,
  ipWhitelist,
  dataRights,
  transcripts,
  scheduledSends,
  routing,
  sla,
  blacklist,
  accountLimits,
  uat,
  billing,
  mau,
  templates,
  channels,
  webchat,
  businesses,
  onboarding,
  campaigns,
  orders,
  locations,
  catalogues,
  tenantSettings,
  platform,
  // Server only: no screens, actors or strings, so nothing for the app to load; here for its layers.
  uploads,
]
