/**
 * The fake Meta's Messenger and Instagram customers: which page or Instagram account each wrote to (Meta's user
 * consent: a profile is only given to an account the person messaged) and the profiles their apps hold. Meta's User
 * Profile API answers a PSID with `first_name`, `last_name`, `profile_pic` and an IGSID with `name`, `username`,
 * `profile_pic`; a person who never wrote is refused with code 230 ("User consent is required to access user profile").
 */
import { type GraphAnswer, metaError, noObject } from "./fake-meta-model"

export interface FakeProfile {
  readonly first_name?: string
  readonly last_name?: string
  readonly name?: string
  readonly username?: string
}

const LIMIT = 2000
const FIELDS = ["first_name", "last_name", "name", "username"] as const

/** The profile fields given with a page write (`profile: { first_name, last_name }` or `{ name, username }`). */
export const profileOf = (v: unknown): FakeProfile | null => {
  if (!v || typeof v !== "object") return null
  const given = v as Record<string, unknown>
  const profile = Object.fromEntries(FIELDS.filter((k) => typeof given[k] === "string").map((k) => [k, String(given[k]).slice(0, 200)]))
  return Object.keys(profile).length ? profile : null
}

export class FakePeople {
  /** Customer id -> the page or Instagram account ids they wrote to. */
  private readonly wrote = new Map<string, Set<string>>()
  private readonly profiles = new Map<string, FakeProfile>()

  /** `customer` wrote to `accountId` (their consent to that account), with the profile their app holds when given. */
  noteWrote(customer: string, accountId: string, profile: FakeProfile | null = null) {
    const ids = this.wrote.get(customer) ?? new Set<string>()
    ids.add(accountId)
    this.wrote.set(customer, ids)
    if (profile) this.profiles.set(customer, profile)
    if (this.wrote.size > LIMIT) this.wrote.delete(this.wrote.keys().next().value as string)
    if (this.profiles.size > LIMIT) this.profiles.delete(this.profiles.keys().next().value as string)
  }

  hasWritten(customer: string, accountId: string) {
    return this.wrote.get(customer)?.has(accountId) === true
  }

  /** Whether `id` is a customer the fake has seen at all (a PSID or an IGSID). */
  isCustomer(id: string) {
    return this.wrote.has(id)
  }

  /**
   * `GET /{customer}?fields=…` for an account (Messenger: the page; Instagram: the account) the token speaks for:
   * only the requested fields of the kind of id it is, null ones left out as Meta does.
   */
  profile(customer: string, accountIds: readonly string[], instagram: boolean, fields: string): GraphAnswer {
    if (!this.wrote.has(customer)) return noObject(customer)
    if (!accountIds.some((id) => this.hasWritten(customer, id)))
      return metaError(400, 230, "(#230) User consent is required to access user profile", "OAuthException")
    const known = this.profiles.get(customer) ?? {}
    const allowed = new Set(instagram ? ["name", "username", "profile_pic"] : ["first_name", "last_name", "profile_pic"])
    const asked = fields.split(",").map((f) => f.trim())
    const bad = asked.find((f) => f && !allowed.has(f))
    if (bad) return metaError(400, 100, `(#100) Tried accessing nonexisting field (${bad})`, "OAuthException")
    const body: Record<string, unknown> = { id: customer }
    for (const field of asked) {
      const value = field === "profile_pic" ? undefined : known[field as keyof FakeProfile]
      if (value) body[field] = value
    }
    return { status: 200, body }
  }
}
