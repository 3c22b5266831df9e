/** Contacts, conversations with messages (./chat.ts), tickets, complaints, OTP, and small reference sets for each demo tenant. */
import { templateByName } from "../../features/templates"
import type { Db } from "../db"
import { sql } from "drizzle-orm"
import { rowsOf } from "../rows"
import { contacts, cannedMessages, contactGroups, contactGroupMembers } from "../schema/conversations"
import { tickets, complaints } from "../schema/tickets"
import { otpProviders, otpUsers, otpLogs } from "../schema/otp"
import { labels, flags, tags } from "../schema/tagging"
import { templates } from "../schema/templates"
import { countries, cities } from "../schema/commerce"
import { makeRng, nameOf, phoneOf, CHANNELS, CUSTOMER_LINES, AGENT_LINES, type Rng } from "./prng"
import { seedChat, type WelcomeTemplate } from "./chat"
import { postCharges } from "./ledger"
import type { SeedResult } from "./tenants"

const DAY = 86_400_000
const ago = (rng: Rng, days: number) => new Date(Date.now() - rng.int(0, days * DAY))

interface TenantPlan {
  readonly clientId: number
  readonly agents: number[]
  /** Who holds the seeded active and ongoing chats (an id repeated weighs more). */
  readonly chatAgents: number[]
  readonly contacts: number
  readonly complaints: number
  readonly otpLogs: number
  readonly seed: number
}

const seedTenant = async (db: Db, plan: TenantPlan) => {
  const rng = makeRng(plan.seed)
  const { clientId } = plan
  const contactRows = await db
    .insert(contacts)
    .values(
      Array.from({ length: plan.contacts }, (_, i) => ({
        clientId,
        name: nameOf(rng),
        number: phoneOf(rng, i + plan.seed * 1000),
        email: rng.chance(0.5) ? `customer${i}@mail.example` : null,
        channel: rng.pick(CHANNELS),
        blocked: rng.chance(0.05),
        attributes: { city: rng.pick(["Istanbul", "Dubai", "Riyadh", "Ankara"]), vip: rng.chance(0.2) },
        createdAt: ago(rng, 60),
      })),
    )
    .returning()
  await seedGroups(db, clientId, contactRows)
  const welcome = await seedTemplates(db, clientId)
  const chat = await seedChat(db, makeRng(plan.seed + 1), { clientId, agents: plan.chatAgents, welcome }, contactRows)
  await postCharges(db, clientId, chat.charges)
  const convRows = chat.current
  const ticketCount = Math.ceil(plan.contacts / 2)
  await db.insert(tickets).values(
    Array.from({ length: ticketCount }, (_, i) => {
      const conv = convRows[i]
      // As the chat keeps them (chat-store.ts opens, assignment.ts's closeConversation resolves): a ticket is resolved
      // exactly when its conversation is closed, at the closing time.
      const resolved = conv.status === "closed"
      const dt = conv.startedAt
      return {
        clientId,
        ticketNumber: `TK-${clientId}-${String(1000 + i)}`,
        contactId: conv.contactId,
        conversationId: conv.id,
        channelType: conv.channel,
        status: resolved ? "Resolved" : "Pending",
        subject: rng.pick(CUSTOMER_LINES),
        assignedUserId: conv.assignedUserId,
        dt,
        lastClosed: resolved ? conv.closedAt : null,
      }
    }),
  )
  await db.insert(complaints).values(
    Array.from({ length: plan.complaints }, (_, i) => {
      const contact = contactRows[i % contactRows.length]
      const resolved = rng.chance(0.45)
      const dt = ago(rng, 30)
      const text = `${rng.pick(CUSTOMER_LINES)}. ${rng.pick(CUSTOMER_LINES)}.`.slice(0, 800)
      return {
        clientId,
        ticketNumber: `CMP-${clientId}-${String(5000 + i)}`,
        contactId: contact.id,
        name: contact.name,
        number: contact.number,
        channelType: contact.channel,
        status: resolved ? "Resolved" : "Pending",
        customerMessage: text,
        lastMessage: rng.pick(AGENT_LINES),
        agentId: rng.pick(plan.agents),
        category: rng.pick(["billing", "delivery", "product", "service"]),
        dt,
        // Resolved within four days, and never after now.
        lastClosed: resolved ? new Date(Math.min(dt.getTime() + rng.int(1, 96) * 3_600_000, Date.now())) : null,
      }
    }),
  )
  const providers = await db
    .insert(otpProviders)
    .values([
      { clientId, name: "Twilio SMS", email: `otp-sms@client${clientId}.example`, type: "sms" },
      { clientId, name: "Mail OTP", email: `otp-mail@client${clientId}.example`, type: "email" },
    ])
    .returning()
  const otpPeople = await db
    .insert(otpUsers)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        clientId,
        username: `user${i + 1}`,
        email: `user${i + 1}@client${clientId}.example`,
        number: phoneOf(rng, i + 77),
        providerId: rng.pick(providers).id,
      })),
    )
    .returning()
  await db.insert(otpLogs).values(
    Array.from({ length: plan.otpLogs }, () => {
      const person = rng.pick(otpPeople)
      const provider = rng.pick(providers)
      return {
        clientId,
        otpUserId: person.id,
        username: person.username,
        email: person.email,
        number: person.number,
        otpCode: String(rng.int(100000, 999999)),
        providerId: provider.id,
        providerName: provider.name,
        providerEmail: provider.email,
        verified: rng.chance(0.7),
        dt: ago(rng, 14),
      }
    }),
  )
  await db.insert(labels).values(["Urgent", "Sales", "Support", "Follow up"].map((name) => ({ clientId, name })))
  await db.insert(flags).values(["Priority", "Do not disturb"].map((name) => ({ clientId, name })))
  await db.insert(tags).values(["greeting", "menu", "order"].map((name) => ({ clientId, name, value: name })))
  await db
    .insert(cannedMessages)
    .values(AGENT_LINES.slice(0, 4).map((body, i) => ({ clientId, title: `Reply ${i + 1}`, body, shortcut: `/r${i + 1}` })))
}

/** The approved templates; answers the one the inbox's first replies used, with its category's price. */
const seedTemplates = async (db: Db, clientId: number): Promise<WelcomeTemplate> => {
  const rows = await db
    .insert(templates)
    .values([
      { clientId, name: "order_update", body: "Hello {{1}}, your order {{2}} is on its way.", params: ["name", "order"] },
      { clientId, name: "welcome", body: "Welcome to our service, {{1}}!", params: ["name"], category: "MARKETING" },
    ])
    .returning()
  const [price] = rowsOf(await db.execute(sql`SELECT price FROM template_prices WHERE category = ${rows[1].category}`))
  return { template: await templateByName(db, clientId, rows[1].name), price: Number(price?.price ?? 0) }
}

/** The contact groups with their members: the VIP customers, and the customers who gave an e-mail for the newsletter. */
const seedGroups = async (db: Db, clientId: number, contactRows: readonly (typeof contacts.$inferSelect)[]) => {
  const [vip, newsletter] = await db
    .insert(contactGroups)
    .values([
      { clientId, name: "VIP customers", description: "Customers with the VIP attribute" },
      { clientId, name: "Newsletter", description: "Customers who gave an e-mail address" },
    ])
    .returning()
  const members = [
    ...contactRows.filter((c) => (c.attributes as { vip?: boolean }).vip).map((c) => ({ groupId: vip.id, contactId: c.id })),
    ...contactRows.filter((c) => c.email).map((c) => ({ groupId: newsletter.id, contactId: c.id })),
  ]
  if (members.length) await db.insert(contactGroupMembers).values(members)
}

const seedReference = async (db: Db) => {
  const rows = await db
    .insert(countries)
    .values([
      { name: "Turkey", code: "TR", dialCode: "+90" },
      { name: "United Arab Emirates", code: "AE", dialCode: "+971" },
      { name: "Saudi Arabia", code: "SA", dialCode: "+966" },
    ])
    .returning()
  const byCode = new Map(rows.map((r) => [r.code, r.id]))
  await db.insert(cities).values([
    { countryId: byCode.get("TR")!, name: "Istanbul" },
    { countryId: byCode.get("TR")!, name: "Ankara" },
    { countryId: byCode.get("AE")!, name: "Dubai" },
    { countryId: byCode.get("SA")!, name: "Riyadh" },
  ])
}

export const seedActivity = async (db: Db, world: SeedResult) => {
  const u = world.userIds
  await seedReference(db)
  await seedTenant(db, {
    clientId: world.tenantOne,
    agents: [u.admin, u.agent1, u.agent2],
    chatAgents: [u.agent1, u.agent1, u.agent2, u.agent2, u.admin],
    contacts: 60,
    complaints: 40,
    otpLogs: 120,
    seed: 101,
  })
  await seedTenant(db, {
    clientId: world.tenantTwo,
    agents: [u.admin2],
    chatAgents: [u.admin2],
    contacts: 25,
    complaints: 12,
    otpLogs: 30,
    seed: 202,
  })
}
