/**
 * The SIP trunk form on the PBX page (/apps/pbxcalls, page actor `pbx-trunk`): the tenant's trunk read by
 * pbx.getPbxTrunk with the agents who may ring (chat.listAgents), edited as a draft, checked field by field against
 * the contract's schema (PbxTrunkInput) and the server's own rules, and saved with pbx.setPbxTrunk. Made from the
 * settings-form kit (common/settings-form.ts); it starts `closed` and loads when the dialog opens.
 *
 *   closed --OPEN--> loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)   (RETRY from failed)
 *
 * A failed save keeps the draft and the failure (the server's 400 names its field, a 409 says whose number it is).
 */
import { Effect, Exit, Schema } from "effect"
import type { AgentLoad } from "../../contract/schemas/chat"
import { type PbxTrunk, PbxTrunkInput } from "../../contract/schemas/pbx"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsForm } from "../common/settings-form"
import { type AgentChoices, agentsFor } from "../report-kit/paged"

export type TrunkTransport = PbxTrunkInput["transport"]
export type TrunkAuth = PbxTrunkInput["auth"]
export type TrunkFormat = PbxTrunkInput["number_format"]

/** The form as typed: numbers and lists as text, the users to ring as ids. */
export interface TrunkDraft {
  readonly enabled: boolean
  readonly host: string
  readonly port: string
  readonly transport: TrunkTransport
  readonly auth: TrunkAuth
  readonly username: string
  /** Empty keeps the stored password. */
  readonly password: string
  readonly number_format: TrunkFormat
  readonly country_code: string
  readonly national_prefix: string
  readonly international_prefix: string
  readonly caller_id: string
  /** One number a line. */
  readonly inbound_numbers: string
  readonly ring_user_ids: readonly number[]
}

export type TrunkField = keyof PbxTrunkInput

/** The fields in the form's order: the first bad one is named. */
export const TRUNK_FIELDS: readonly TrunkField[] = [
  "enabled",
  "host",
  "port",
  "transport",
  "auth",
  "username",
  "password",
  "number_format",
  "country_code",
  "national_prefix",
  "international_prefix",
  "caller_id",
  "inbound_numbers",
  "ring_user_ids",
]

/** Why a field is refused: `invalid` by the contract's schema, the others by the server's rules said in advance. */
export type TrunkRule = "invalid" | "required" | "duplicate"
export interface TrunkProblem {
  readonly field: TrunkField
  readonly rule: TrunkRule
}

export interface TrunkLoaded extends AgentChoices {
  readonly trunk: PbxTrunk | null
}

export type TrunkContext = SettingsFormContext<PbxTrunk, TrunkDraft, TrunkProblem> & AgentChoices

export type TrunkEvent = { type: "OPEN" } | SettingsFormEvent<TrunkDraft>

export const draftOf = (t: PbxTrunk | null): TrunkDraft => ({
  enabled: t?.enabled ?? true,
  host: t?.host ?? "",
  port: String(t?.port ?? 5060),
  transport: t?.transport ?? "udp",
  auth: t?.auth ?? "ip",
  username: t?.username ?? "",
  password: "",
  number_format: t?.number_format ?? "e164",
  country_code: t?.country_code ?? "",
  national_prefix: t?.national_prefix ?? "",
  international_prefix: t?.international_prefix ?? "",
  caller_id: t?.caller_id ?? "",
  inbound_numbers: (t?.inbound_numbers ?? []).join("\n"),
  ring_user_ids: t?.ring_user_ids ?? [],
})

const linesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== "")

/** The request the draft makes, before it is checked (the port may be NaN, a number may be malformed). */
export const requestOf = (d: TrunkDraft): { readonly [K in TrunkField]: unknown } => {
  const digest = d.auth === "digest"
  const national = d.number_format === "national"
  const port = d.port.trim()
  return {
    enabled: d.enabled,
    host: d.host.trim(),
    port: /^\d+$/.test(port) ? Number(port) : Number.NaN,
    transport: d.transport,
    auth: d.auth,
    username: digest ? d.username.trim() : "",
    password: digest ? d.password : "",
    number_format: d.number_format,
    country_code: national ? d.country_code.trim() : "",
    national_prefix: national ? d.national_prefix.trim() : "",
    international_prefix: national ? d.international_prefix.trim() : "",
    caller_id: d.caller_id.trim(),
    inbound_numbers: linesOf(d.inbound_numbers),
    ring_user_ids: d.ring_user_ids,
  }
}

const fieldIsValid = (field: TrunkField, value: unknown) =>
  Exit.isSuccess(Schema.decodeUnknownExit(PbxTrunkInput.fields[field] as Schema.Top as Schema.Codec<unknown>)(value))

/** The draft as the request to send, or its first bad field (the form's order). */
export const trunkSaveOf = (
  stored: PbxTrunk | null,
  d: TrunkDraft,
): { readonly problem: TrunkProblem } | { readonly save: PbxTrunkInput } => {
  const request = requestOf(d)
  const rule = (field: TrunkField): TrunkRule | null => {
    const value = request[field]
    if (field === "host" && value === "") return "required"
    if (field === "username" && d.auth === "digest" && value === "") return "required"
    if (field === "password" && d.auth === "digest" && value === "" && !(stored?.auth === "digest" && stored.password_set))
      return "required"
    if (field === "country_code" && d.number_format === "national" && value === "") return "required"
    if (field === "caller_id" && value === "") return "required"
    if (!fieldIsValid(field, value)) return "invalid"
    if (field === "inbound_numbers" && new Set(value as string[]).size !== (value as string[]).length) return "duplicate"
    return null
  }
  for (const field of TRUNK_FIELDS) {
    const found = rule(field)
    if (found) return { problem: { field, rule: found } }
  }
  return { save: request as PbxTrunkInput }
}

const load = () =>
  Effect.gen(function* () {
    const api = yield* Api
    const [body, agents] = yield* Effect.all([api.call("pbx", "getPbxTrunk", {}), agentsFor], { concurrency: 2 })
    return { trunk: body.data as PbxTrunk | null, ...agents } satisfies TrunkLoaded
  })

const save = (request: PbxTrunkInput) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("pbx", "setPbxTrunk", request)).data as PbxTrunk
  })

const form = settingsForm({
  id: "pbx-trunk",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf,
  problemOf: (draft, stored) => {
    const result = trunkSaveOf(stored, draft)
    return "problem" in result ? result.problem : null
  },
  saveInput: (draft, stored) => {
    const result = trunkSaveOf(stored, draft)
    return "save" in result ? result.save : (requestOf(draft) as PbxTrunkInput)
  },
  extra: { agents: [], agentsError: null } as AgentChoices,
  loaded: (context, loaded: TrunkLoaded) => ({
    ...context,
    stored: loaded.trunk,
    draft: draftOf(loaded.trunk),
    agents: loaded.agents as readonly AgentLoad[],
    agentsError: loaded.agentsError,
    problem: null,
  }),
  events: {} as { type: "OPEN" },
})

export const pbxTrunkMachine = form.kit.createMachine({
  id: form.id,
  context: form.empty,
  initial: "closed",
  on: { ...form.on, OPEN: form.open },
  states: form.states,
})
