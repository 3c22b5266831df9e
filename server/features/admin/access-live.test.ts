/**
 * Access changes reach open consoles: a role's permissions, a user's role and the voice-call override send that
 * user's sockets `acl:changed` with the lists a login would now return, and move the sockets to the rooms the new
 * grants allow (a chat agent who loses BACK:chat stops hearing chat events, and hears them again when it is given
 * back). Nobody else hears it; a refused or foreign change announces nothing.
 */
import { afterEach, describe, expect, it } from "vitest"
import { io, type Socket } from "socket.io-client"
import type { AclToBrowser } from "../../../src/contract/acl-events"
import { backKey, frontKey, VOICE_CALL_KEY } from "../../../src/contract/routes"
import { DB_KINDS, as, callOf, customerWrites, login, send, useServer } from "../../testing/harness"

type Changed = AclToBrowser["acl:changed"]

const sockets: Socket[] = []
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close()
})

/** A connected socket that records every event it hears. */
const connect = async (url: string, token: string) => {
  const socket: Socket = io(url, { path: "/rt/socket.io", transports: ["websocket"], auth: { user_token: token }, reconnection: false })
  sockets.push(socket)
  const heard: { event: string; payload: any }[] = []
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }))
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve())
    socket.on("connect_error", reject)
  })
  const of = (event: string) => heard.filter((h) => h.event === event).map((h) => h.payload)
  /** Waits until `event` satisfying `match` was heard (up to `ms`), or returns null. */
  const waitFor = async (event: string, match: (payload: any) => boolean = () => true, ms = 2000) => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      const found = of(event).find(match)
      if (found) return found
      await new Promise((r) => setTimeout(r, 20))
    }
    return null
  }
  return { socket, of, waitFor }
}

const quiet = (ms = 600) => new Promise((r) => setTimeout(r, ms))

describe.each(DB_KINDS)("live access on %s", (kind) => {
  const ctx = useServer(kind)
  const call = <G extends Parameters<typeof callOf>[0]>(group: G, name: Parameters<typeof callOf<G>>[1], token: string, payload = {}) =>
    send(ctx.url, callOf(group, name), payload, as(token))

  const permissionIds = async (token: string, keys: readonly string[]) => {
    const reply = await call("permissions", "fetchListPermissions", token, { limit: 1000 })
    const byKey = new Map<string, number>(reply.body.data.items.map((p: { key: string; id: number }) => [p.key, p.id]))
    return keys.map((key) => {
      const id = byKey.get(key)
      if (id === undefined) throw new Error(`no permission ${key}`)
      return id
    })
  }

  it("a role's permissions and a user's role reach that user's sockets, and the chat room follows BACK:chat", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await login(ctx.url, "agent2")
    const other = await login(ctx.url, "admin2")
    const agentSocket = await connect(ctx.url, agent.user_token)
    const adminSocket = await connect(ctx.url, admin.user_token)
    const foreign = await connect(ctx.url, other.user_token)
    const limitedRole = (await call("users", "fetchListUsers", admin.user_token, { search: "agent2" })).body.data.items[0].role_id

    const full = await permissionIds(admin.user_token, [frontKey("/apps/chat"), frontKey("/apps/contacts/all"), backKey("chat")])
    const created = await call("roles", "rolesCreate", admin.user_token, { name: `Live ${kind}`, permission_ids: full })
    expect(created.status).toBe(200)
    const roleId = created.body.data.role.id

    // The user moves to the role: only they hear it, with the lists a login would give.
    expect((await call("users", "usersUpdatePartialById", admin.user_token, { id: agent.user_data.id, role_id: roleId })).status).toBe(200)
    const moved: Changed = await agentSocket.waitFor("acl:changed")
    expect(moved.user_acl[frontKey("/apps/contacts/all")]).toBe(true)
    expect(moved.user_acl[frontKey("/apps/ticket-ongoing")]).toBe(false)
    expect(moved.back_acl[backKey("chat")]).toBe(1)
    // What a new login returns is what the open console got (the newer login ends the older session: continue with it).
    const relogged = await login(ctx.url, "agent2")
    expect(relogged.user_acl).toEqual(moved.user_acl)
    const agentSocket2 = await connect(ctx.url, relogged.user_token)
    expect(await agentSocket2.waitFor("acl:changed", () => true, 300)).toBeNull()
    expect(adminSocket.of("acl:changed")).toEqual([])
    expect(foreign.of("acl:changed")).toEqual([])

    expect((await customerWrites(ctx.server, "+905550001701", { text: "first" })).status).toBe(200)
    expect(await agentSocket2.waitFor("chat:message", (p) => p.message.body === "first")).not.toBeNull()
    // Its console shows the all box (chat:watch): the watch outlives the regrants, and is heard only with BACK:chat.
    expect(await agentSocket2.socket.timeout(5000).emitWithAck("chat:watch", { all: true, conversation_ids: [] })).toEqual({ ok: true })

    // The role loses the chat permission and the contact book: the lists say so and the chat room is left.
    const without = await permissionIds(admin.user_token, [frontKey("/apps/chat")])
    expect((await call("roles", "rolesUpdateById", admin.user_token, { id: roleId, permission_ids: without })).status).toBe(200)
    const narrowed: Changed = await agentSocket2.waitFor("acl:changed")
    expect(narrowed.user_acl[frontKey("/apps/contacts/all")]).toBe(false)
    expect(narrowed.back_acl[backKey("chat")]).toBeUndefined()
    expect((await customerWrites(ctx.server, "+905550001701", { text: "second" })).status).toBe(200)
    expect(await adminSocket.waitFor("chat:message", (p) => p.message.body === "second")).not.toBeNull()
    await quiet()
    expect(agentSocket2.of("chat:message").map((p) => p.message.body)).toEqual(["first"])

    // Given back: the room is joined again without a new socket.
    expect((await call("roles", "rolesUpdateById", admin.user_token, { id: roleId, permission_ids: full })).status).toBe(200)
    const widened: Changed = await agentSocket2.waitFor("acl:changed", (p) => p.seq > narrowed.seq)
    expect(widened.back_acl[backKey("chat")]).toBe(1)
    expect((await customerWrites(ctx.server, "+905550001701", { text: "third" })).status).toBe(200)
    expect(await agentSocket2.waitFor("chat:message", (p) => p.message.body === "third")).not.toBeNull()
    // The admin takes it: agent2 hears its next message only through the all box it still watches.
    const taken = await call("chat", "chatUpdateByNumber", admin.user_token, { number: "+905550001701", agent_id: admin.user_data.id })
    expect(taken.status).toBe(200)
    expect((await customerWrites(ctx.server, "+905550001701", { text: "fourth" })).status).toBe(200)
    expect(await agentSocket2.waitFor("chat:message", (p) => p.message.body === "fourth")).not.toBeNull()
    expect(agentSocket2.socket.connected).toBe(true)

    expect(adminSocket.of("acl:changed")).toEqual([])
    expect(foreign.of("acl:changed")).toEqual([])
    expect((await call("users", "usersUpdatePartialById", admin.user_token, { id: agent.user_data.id, role_id: limitedRole })).status).toBe(
      200,
    )
    expect((await call("roles", "rolesDeleteById", admin.user_token, { id: roleId })).status).toBe(200)
  })

  it("the voice-call override changes the list live; a refused or another tenant's change announces nothing", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await login(ctx.url, "agent1")
    const other = await login(ctx.url, "admin2")
    const agentSocket = await connect(ctx.url, agent.user_token)
    const roleId = (await call("users", "fetchListUsers", admin.user_token, { search: "agent1" })).body.data.items[0].role_id

    expect((await call("roles", "rolesUpdateById", admin.user_token, { id: roleId, permission_ids: [999999] })).status).toBe(400)
    expect((await call("roles", "rolesUpdateById", other.user_token, { id: roleId, permission_ids: [] })).status).toBe(404)
    expect(
      (await call("users", "usersCallPermissionUpdate", other.user_token, { user_id: agent.user_data.id, enabled: false })).status,
    ).toBe(404)
    await quiet()
    expect(agentSocket.of("acl:changed")).toEqual([])

    expect(
      (await call("users", "usersCallPermissionUpdate", admin.user_token, { user_id: agent.user_data.id, enabled: false })).status,
    ).toBe(200)
    const off: Changed = await agentSocket.waitFor("acl:changed")
    expect(off.user_acl[VOICE_CALL_KEY]).toBe(false)
    expect(
      (await call("users", "usersCallPermissionUpdate", admin.user_token, { user_id: agent.user_data.id, enabled: null })).status,
    ).toBe(200)
    expect((await agentSocket.waitFor("acl:changed", (p) => p.seq > off.seq))?.user_acl[VOICE_CALL_KEY]).toBe(true)
  })

  it("deleting a tenant's own permission reaches the users of the roles holding it, not the other tenant", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await login(ctx.url, "agent2")
    const other = await login(ctx.url, "admin2")
    const agentSocket = await connect(ctx.url, agent.user_token)
    const foreign = await connect(ctx.url, other.user_token)
    const key = `BACK:live_${kind}_own`
    const created = await call("permissions", "permissionsCreate", admin.user_token, { key, name: "Own key" })
    expect(created.status).toBe(200)
    const permissionId = created.body.data.permission.id
    const roleId = (await call("users", "fetchListUsers", admin.user_token, { search: "agent2" })).body.data.items[0].role_id
    const role = (await call("roles", "fetchListRoles", admin.user_token, { limit: 100 })).body.data.items.find(
      (r: { id: number }) => r.id === roleId,
    )
    expect(
      (await call("roles", "rolesUpdateById", admin.user_token, { id: roleId, permission_ids: [...role.permission_ids, permissionId] }))
        .status,
    ).toBe(200)
    const granted: Changed = await agentSocket.waitFor("acl:changed", (p) => p.back_acl[key] === 1)
    expect(granted).not.toBeNull()

    // The other tenant cannot delete it (it is not theirs to see); its owner can, and the holder hears it.
    expect((await call("permissions", "permissionsDeleteById", other.user_token, { id: permissionId })).status).toBe(404)
    expect((await call("permissions", "permissionsDeleteById", admin.user_token, { id: permissionId })).status).toBe(200)
    const removed: Changed = await agentSocket.waitFor("acl:changed", (p) => p.seq > granted.seq)
    expect(removed.back_acl[key]).toBeUndefined()
    expect(removed.user_acl).toEqual(granted.user_acl)
    expect(foreign.of("acl:changed")).toEqual([])
  })

  it("an admin cannot delete a built-in role, nor stop or delete their own account: each is refused with its reason", async () => {
    const admin = await login(ctx.url, "admin")
    const builtIn = (await call("roles", "fetchListRoles", admin.user_token, { limit: 100 })).body.data.items.find(
      (role: { system: boolean }) => role.system,
    )
    const deleted = await call("roles", "rolesDeleteById", admin.user_token, { id: builtIn.id })
    expect([deleted.status, deleted.body.error?.message]).toEqual([409, "A built-in role cannot be deleted"])
    const self = (await call("users", "fetchListUsers", admin.user_token, { search: "admin" })).body.data.items.find(
      (user: { username: string }) => user.username === "admin",
    )
    const stopped = await call("users", "usersUpdatePartialById", admin.user_token, { id: self.id, status: "disabled" })
    expect([stopped.status, stopped.body.error?.message]).toEqual([409, "You cannot disable yourself"])
    const gone = await call("users", "usersDeleteById", admin.user_token, { id: self.id })
    expect([gone.status, gone.body.error?.message]).toEqual([409, "You cannot delete yourself"])
    // Refused means unchanged: the admin still signs in.
    expect((await login(ctx.url, "admin")).user_token).toBeTruthy()
  })
})
