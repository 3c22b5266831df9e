/**
 * The rest of the console's modules on top of the inbox (runs after seedActivity and seedWorkspace): shop, segments and
 * reminders, campaigns, SMS, webhooks and a chatbot for tenant one; a smaller shop and segments for tenant two. The
 * opening top-ups are dated before anything the demo charged.
 */
import type { Db } from "../db"
import { seedAudiences } from "./audiences"
import { seedCampaigns } from "./campaigns"
import { seedChatbot } from "./chatbot"
import { ACME_SHOP, GLOBEX_SHOP, seedShop } from "./commerce"
import { dateTopUps } from "./ledger"
import { seedSms } from "./sms"
import type { SeedResult } from "./tenants"
import { seedWebhooks } from "./webhooks"

export const seedModules = async (db: Db, world: SeedResult) => {
  const one = world.tenantOne
  const two = world.tenantTwo
  const opened = new Date(Date.now() - 60 * 86_400_000)
  await dateTopUps(db, one, opened)
  await dateTopUps(db, two, opened)
  await seedShop(db, { clientId: one, ...ACME_SHOP })
  await seedShop(db, { clientId: two, ...GLOBEX_SHOP })
  await seedAudiences(db, { clientId: one, city: "Istanbul", withReminders: true })
  await seedAudiences(db, { clientId: two, city: "Dubai", withReminders: false })
  await seedCampaigns(db, { clientId: one, createdBy: world.userIds.admin, seed: 707 })
  await seedSms(db, { clientId: one, userId: world.userIds.admin, seed: 808 })
  await seedWebhooks(db, one, 909)
  await seedChatbot(db, one, 1010)
}
