/**
 * The company sub-pages Profile and Contact (page actor `company-profile`, one actor for both): the business's own
 * details read by company.fetchOwnClient (with its time zone from onboarding.clientAllsettings and the country list),
 * edited as one draft, and saved by the calls that own each field: onboarding.clientUpdate (name, e-mail, phone,
 * contact person, address, website, logo, country), onboarding.clientUpdateSubject (the mails' subject line) and
 * onboarding.updateAllsettings (the time zone). Only what changed is sent. Made from the settings-form kit
 * (common/settings-form.ts), with the country list read beside the profile.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (RETRY from failed)
 */
import { Effect } from "effect"
import type { Country } from "../../contract/schemas/locations"
import type { Client } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsForm } from "../common/settings-form"
import { isTimeZone } from "../../contract/time-zone"

export interface ProfileDraft {
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly contact_person: string
  readonly address: string
  readonly website: string
  readonly logo_url: string
  readonly country_id: number | null
  readonly subject: string
  readonly timezone: string
}

export interface StoredProfile {
  readonly client: Client
  readonly timezone: string
}

export type ProfileProblem =
  | "nameRequired"
  | "emailInvalid"
  | "phoneInvalid"
  | "websiteInvalid"
  | "logoInvalid"
  | "subjectRequired"
  | "timezoneInvalid"
  | "unchanged"

export interface CompanyProfileContext extends SettingsFormContext<StoredProfile, ProfileDraft, ProfileProblem> {
  readonly countries: readonly Country[]
}

export type CompanyProfileEvent = SettingsFormEvent<ProfileDraft>

const URL_RE = /^https?:\/\/[^\s]+$/

export const draftOf = ({ client, timezone }: StoredProfile): ProfileDraft => ({
  name: client.name,
  email: client.email,
  phone: client.phone ?? "",
  contact_person: client.contact_person ?? "",
  address: client.address ?? "",
  website: client.website ?? "",
  logo_url: client.logo_url ?? "",
  country_id: client.country_id,
  subject: client.subject ?? "",
  timezone,
})

/** The calls a save makes: each owner's fields that differ from what is stored. */
export const changesOf = (stored: StoredProfile, draft: ProfileDraft) => {
  const before = draftOf(stored)
  const client: Record<string, string | number> = {}
  for (const field of ["name", "email", "phone", "contact_person", "address", "website", "logo_url"] as const) {
    if (draft[field].trim() !== before[field].trim()) client[field] = draft[field].trim()
  }
  if (draft.country_id !== null && draft.country_id !== before.country_id) client.country_id = draft.country_id
  return {
    client,
    subject: draft.subject.trim() !== before.subject.trim() ? draft.subject.trim() : null,
    timezone: draft.timezone !== before.timezone ? draft.timezone : null,
  }
}

/** What stops a save before any call (fields the server cannot clear must stay filled once set). */
export const profileProblem = (stored: StoredProfile | null, draft: ProfileDraft): ProfileProblem | null => {
  if (draft.name.trim() === "") return "nameRequired"
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) return "emailInvalid"
  const changes = stored ? changesOf(stored, draft) : null
  if (changes?.client.phone !== undefined && !/^\+?[0-9]{5,16}$/.test(draft.phone.trim())) return "phoneInvalid"
  if (changes?.client.website !== undefined && !URL_RE.test(draft.website.trim())) return "websiteInvalid"
  if (changes?.client.logo_url !== undefined && !URL_RE.test(draft.logo_url.trim())) return "logoInvalid"
  if (changes?.subject === "") return "subjectRequired"
  if (!isTimeZone(draft.timezone)) return "timezoneInvalid"
  if (changes && Object.keys(changes.client).length === 0 && changes.subject === null && changes.timezone === null) return "unchanged"
  return null
}

const load = () =>
  Effect.gen(function* () {
    const api = yield* Api
    const [client, settings, countries] = yield* Effect.all(
      [
        api.call("company", "fetchOwnClient", {}),
        api.call("onboarding", "clientAllsettings", {}),
        api.call("onboarding", "fetchCountries", {}),
      ],
      { concurrency: "unbounded" },
    )
    return { stored: { client: client.data, timezone: settings.data.timezone }, countries: countries.data }
  })

const save = ({ stored, draft }: { stored: StoredProfile; draft: ProfileDraft }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const changes = changesOf(stored, draft)
    let client = stored.client
    let timezone = stored.timezone
    if (Object.keys(changes.client).length > 0) client = (yield* api.call("onboarding", "clientUpdate", changes.client)).data
    if (changes.subject !== null) client = (yield* api.call("onboarding", "clientUpdateSubject", { subject: changes.subject })).data
    if (changes.timezone !== null)
      timezone = (yield* api.call("onboarding", "updateAllsettings", { timezone: changes.timezone })).data.timezone
    return { client, timezone } satisfies StoredProfile
  })

const BLANK: ProfileDraft = {
  name: "",
  email: "",
  phone: "",
  contact_person: "",
  address: "",
  website: "",
  logo_url: "",
  country_id: null,
  subject: "",
  timezone: "UTC",
}

type Loaded = { stored: StoredProfile; countries: readonly Country[] }

const form = settingsForm({
  id: "company-profile",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf: (stored: StoredProfile | null) => (stored ? draftOf(stored) : BLANK),
  problemOf: (draft, stored) => profileProblem(stored, draft),
  saveInput: (draft, stored) => {
    if (!stored) throw new Error("saving needs the stored profile")
    return { stored, draft }
  },
  extra: { countries: [] as readonly Country[] },
  loaded: (context, loaded: Loaded) => ({ ...context, stored: loaded.stored, countries: loaded.countries, draft: draftOf(loaded.stored) }),
})

export const companyProfileMachine = form.kit.createMachine({
  id: form.id,
  context: form.empty,
  initial: "loading",
  on: form.on,
  states: form.states,
})
