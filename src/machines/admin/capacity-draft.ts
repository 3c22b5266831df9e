/**
 * Caps per channel kind as an editor types them (the role editor's for a role, the user editor's for one agent): each
 * kind a whole number within its range, or empty (a role's follows the tenant's cap, a user's their role's).
 */
import type { RoleCapacity } from "../../contract/schemas/access"

export const CAPACITY_KINDS = ["chat", "sms", "voice"] as const
export type CapacityKind = (typeof CAPACITY_KINDS)[number]
/** The highest cap of each kind (the contract's RoleCapacity). */
export const CAPACITY_MAX: Readonly<Record<CapacityKind, number>> = { chat: 100, sms: 500, voice: 10 }

/** Each kind's cap as typed; empty: not set here. */
export type CapacityDraft = Readonly<Record<CapacityKind, string>>

export const capacityDraftOf = (capacity: RoleCapacity | undefined): CapacityDraft => ({
  chat: capacity?.chat === undefined ? "" : String(capacity.chat),
  sms: capacity?.sms === undefined ? "" : String(capacity.sms),
  voice: capacity?.voice === undefined ? "" : String(capacity.voice),
})

/** The draft's capacity as the server takes it; null when a kind is not a whole number within its range. */
export const capacityOf = (draft: CapacityDraft): RoleCapacity | null => {
  const out: Record<string, number> = {}
  for (const kind of CAPACITY_KINDS) {
    const text = draft[kind].trim()
    if (text === "") continue
    if (!/^[0-9]{1,3}$/.test(text) || Number(text) > CAPACITY_MAX[kind]) return null
    out[kind] = Number(text)
  }
  return out
}

export const sameCapacity = (a: RoleCapacity, b: RoleCapacity | undefined) => CAPACITY_KINDS.every((kind) => a[kind] === b?.[kind])
