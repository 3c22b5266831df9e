/**
 * Kamailio's JSON-RPC over its own HTTP port (jsonrpcs through xhttp, path /RPC), guarded by a token derived from
 * the secret the API server and Kamailio share. The API server publishes the tenants' trunks with it (`htable.sets`,
 * `htable.delete` on the `pbx` table) and reads the call records (`calls`); the browser tests forget what the phones
 * answered to OPTIONS with it (`htable.flush` of `media`).
 */
import { createHash } from "node:crypto"

/** The token Kamailio's config expects in X-Pbx-Token (never the secret itself). */
export const rpcTokenOf = (secret: string): string => createHash("sha256").update(`${secret}:pbx-rpc`).digest("hex")

/** Kamailio answered, with an error (e.g. a key that is not in the table). */
export class KamailioRpcError extends Error {}

export interface KamailioRpc {
  /** Runs one command; rejects when Kamailio cannot be reached or answers an error. */
  readonly call: (method: string, params?: readonly (string | number)[]) => Promise<unknown>
}

export const kamailioRpc = (url: string, secret: string, timeoutMs = 2_000): KamailioRpc => {
  const token = rpcTokenOf(secret)
  let id = 0
  return {
    call: async (method, params = []) => {
      id += 1
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-pbx-token": token },
        body: JSON.stringify({ jsonrpc: "2.0", method, params, id }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      // A command that fails (e.g. htable.get of a missing key) answers an HTTP error status with a JSON-RPC error.
      const body = (await response.json().catch(() => ({ error: undefined }))) as { result?: unknown; error?: { message?: string } }
      if (!body.error && !response.ok) throw new Error(`Kamailio RPC ${method}: HTTP ${response.status}`)
      if (body.error) throw new KamailioRpcError(`Kamailio RPC ${method}: ${body.error.message ?? "error"}`)
      return body.result
    },
  }
}

/**
 * The users (extensions) with at least one live contact in Kamailio's location table now. The full `ul.dump` answers
 * { Domains: [{ Domain: { Domain: "location", AoRs: [{ Info: { AoR: "1003", Contacts: [{ Contact: { Expires } }] } }] } }] }.
 * A contact unregistered or dropped with its connection stays listed, its Expires "deleted" (or "expired"), until
 * usrloc's timer removes it, which can take longer than a person waits: only a contact with seconds left counts (the
 * `brief` dump lists such AoRs too, so it cannot tell).
 */
export const registeredUsers = async (rpc: KamailioRpc): Promise<ReadonlySet<string>> => {
  type Contact = { Contact?: { Expires?: unknown } }
  type Aor = { Info?: { AoR?: string; Contacts?: readonly Contact[] } }
  const dump = (await rpc.call("ul.dump", [])) as { Domains?: readonly { Domain?: { AoRs?: readonly Aor[] } }[] } | null
  const users = new Set<string>()
  for (const domain of dump?.Domains ?? [])
    for (const aor of domain.Domain?.AoRs ?? []) {
      const name = aor.Info?.AoR
      const live = (aor.Info?.Contacts ?? []).some(({ Contact }) => typeof Contact?.Expires === "number" && Contact.Expires > 0)
      if (name && live) users.add(name.replace(/@.*$/, ""))
    }
  return users
}
