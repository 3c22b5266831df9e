import { describe, expect, it } from "vitest"
import { io } from "socket.io-client"
import { frontKey, PUBLIC_TEMPLATE_ROUTE, routes, VOICE_CALL_KEY } from "../../src/contract/routes"
import { DB_KINDS, as, callOf, login, send, useServer } from "../testing/harness"

describe.each(DB_KINDS)("roles, permissions, users, layout on %s", (kind) => {
  const ctx = useServer(kind)

  it("creates a role, gives it to a new user, and the user's ACL follows the role", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const perms = await send(ctx.url, callOf("permissions", "fetchListPermissions"), { search: "canned", limit: 100 }, h)
    const keys = perms.body.data.items as { id: number; key: string; system: boolean }[]
    const back = keys.find((p) => p.key === "BACK:canned_messages")!
    const front = keys.find((p) => p.key === "FRONT:/apps/canned-messages")!
    expect(back.system).toBe(true)
    const role = await send(ctx.url, callOf("roles", "rolesCreate"), { name: "canned editor", permission_ids: [back.id, front.id] }, h)
    expect(role.body.data.role.permissions.sort()).toEqual(["BACK:canned_messages", "FRONT:/apps/canned-messages"])
    const user = await send(
      ctx.url,
      callOf("users", "usersCreate"),
      {
        username: "editor1",
        email: "editor1@acme.example",
        password: "password-1",
        display_name: "Editor",
        role_id: role.body.data.role.id,
      },
      h,
    )
    expect(user.status).toBe(200)
    expect(user.body.data.user).toMatchObject({ username: "editor1", client_id: 1, role_name: "canned editor" })
    const editor = await login(ctx.url, "editor1", "password-1")
    expect(editor.back_acl).toEqual({ "BACK:canned_messages": 1 })
    expect(editor.user_acl["FRONT:/apps/canned-messages"]).toBe(true)
    expect(editor.user_acl["FRONT:/apps/chat"]).toBe(false)
    const dup = await send(
      ctx.url,
      callOf("users", "usersCreate"),
      { username: "editor1", email: "e@acme.example", password: "password-1", display_name: "E" },
      h,
    )
    expect(dup.status).toBe(409)
    const updated = await send(ctx.url, callOf("roles", "rolesUpdateById"), { id: role.body.data.role.id, permission_ids: [front.id] }, h)
    expect(updated.body.data.role.permissions).toEqual(["FRONT:/apps/canned-messages"])
    expect((await send(ctx.url, callOf("permissions", "fetchListRuleSets"), {}, as(editor.user_token))).status).toBe(403)
    expect((await send(ctx.url, callOf("roles", "rolesDeleteById"), { id: role.body.data.role.id }, h)).status).toBe(409)
    const list = await send(ctx.url, callOf("users", "fetchListUsers"), { search: "editor" }, h)
    expect(list.body.data).toMatchObject({ totalItems: 1, page: 1 })
    expect((await send(ctx.url, callOf("users", "usersDeleteById"), { id: user.body.data.user.id }, h)).body.data.deleted).toBe(true)
    expect((await send(ctx.url, callOf("roles", "rolesDeleteById"), { id: role.body.data.role.id }, h)).status).toBe(200)
  })

  it("an admin cannot take role editing from their own role, nor move themselves to a role without it", async () => {
    const me = await login(ctx.url, "admin")
    const h = as(me.user_token)
    const users = await send(ctx.url, callOf("users", "fetchListUsers"), { search: "admin", limit: 100 }, h)
    const { role_id: roleId } = (users.body.data.items as { id: number; role_id: number }[]).find((u) => u.id === me.user_data.id)!
    const roleList = await send(ctx.url, callOf("roles", "fetchListRoles"), { limit: 100 }, h)
    const own = (roleList.body.data.items as { id: number; permissions: string[] }[]).find((r) => r.id === roleId)!
    const perms = await send(ctx.url, callOf("permissions", "fetchListPermissions"), { limit: 1000 }, h)
    const ids = new Map((perms.body.data.items as { id: number; key: string }[]).map((p) => [p.key, p.id]))
    const without = own.permissions.filter((k) => k !== "BACK:roles").map((k) => ids.get(k)!)
    const emptied = await send(ctx.url, callOf("roles", "rolesUpdateById"), { id: own.id, permission_ids: without }, h)
    expect(emptied.status).toBe(409)
    expect(emptied.body.error.field).toBe("permission_ids")
    // Other grants of one's own role may go, and come back, while role editing stays.
    const fewer = without.filter((id) => id !== ids.get("BACK:canned_messages")).concat(ids.get("BACK:roles")!)
    expect((await send(ctx.url, callOf("roles", "rolesUpdateById"), { id: own.id, permission_ids: fewer }, h)).status).toBe(200)
    const back = own.permissions.map((k) => ids.get(k)!)
    expect((await send(ctx.url, callOf("roles", "rolesUpdateById"), { id: own.id, permission_ids: back }, h)).status).toBe(200)

    const plain = await send(
      ctx.url,
      callOf("roles", "rolesCreate"),
      { name: "no roles", permission_ids: [ids.get("BACK:canned_messages")!] },
      h,
    )
    const moved = await send(
      ctx.url,
      callOf("users", "usersUpdatePartialById"),
      { id: me.user_data.id, role_id: plain.body.data.role.id },
      h,
    )
    expect(moved.status).toBe(409)
    expect(moved.body.error.field).toBe("role_id")
    const reread = await send(ctx.url, callOf("roles", "fetchListRoles"), { limit: 100 }, h)
    expect((reread.body.data.items as { id: number; permissions: string[] }[]).find((r) => r.id === own.id)!.permissions).toContain(
      "BACK:roles",
    )
    expect((await send(ctx.url, callOf("roles", "rolesDeleteById"), { id: plain.body.data.role.id }, h)).status).toBe(200)
  })

  it("keeps platform permissions read-only for tenants and lets them manage their own", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const all = await send(ctx.url, callOf("permissions", "fetchListPermissions"), { kind: "back", limit: 5 }, h)
    const system = all.body.data.items[0]
    expect((await send(ctx.url, callOf("permissions", "permissionsUpdateById"), { id: system.id, name: "x" }, h)).status).toBe(403)
    const mine = await send(
      ctx.url,
      callOf("permissions", "permissionsCreate"),
      { key: "FRONT:/apps/custom-report", name: "Custom report" },
      h,
    )
    expect(mine.body.data.permission).toMatchObject({ kind: "front", system: false })
    const id = mine.body.data.permission.id
    expect(
      (await send(ctx.url, callOf("permissions", "permissionsUpdateById"), { id, description: "ours" }, h)).body.data.permission
        .description,
    ).toBe("ours")
    const detail = await send(ctx.url, callOf("permissions", "fetchDetailPermissionsById"), { id: system.id }, h)
    expect(detail.body.data.roles.map((r: { name: string }) => r.name)).toContain("admin")
    const holders = await send(ctx.url, callOf("permissions", "permissionRolesByPermissionId"), { permission_id: String(system.id) }, h)
    expect(holders.body.data.items.length).toBeGreaterThan(0)
    expect((await send(ctx.url, callOf("permissions", "permissionsUpdateById"), { id }, h)).body.data.permission.id).toBe(id)
    expect((await send(ctx.url, callOf("permissions", "permissionsDeleteById"), { id }, h)).status).toBe(200)
    const sets = await send(ctx.url, callOf("permissions", "fetchListRuleSets"), {}, h)
    expect(sets.body.data.items.some((s: { key: string }) => s.key === "settings")).toBe(true)
  })

  it("edits one's own profile (password needs the current one) and the voice-call override", async () => {
    const agent = await login(ctx.url, "agent1")
    const h = as(agent.user_token)
    const own = callOf("users", "usersUpdateOwnById")
    expect((await send(ctx.url, own, { id: agent.user_data.id, display_name: "Kerem K." }, h)).body.data.user.display_name).toBe("Kerem K.")
    expect((await send(ctx.url, own, { id: agent.user_data.id, password: "another-pass" }, h)).body.error.field).toBe("current_password")
    expect((await send(ctx.url, own, { id: agent.user_data.id + 1, display_name: "x" }, h)).status).toBe(403)
    const admin = as((await login(ctx.url, "admin")).user_token)
    await send(ctx.url, callOf("users", "usersCallPermissionUpdate"), { user_id: agent.user_data.id, enabled: false }, admin)
    expect((await login(ctx.url, "agent1")).user_acl["FRONT:/channels/whatsapp-call"]).toBe(false)
    await send(ctx.url, callOf("users", "usersCallPermissionUpdate"), { user_id: agent.user_data.id, enabled: null }, admin)
    expect((await login(ctx.url, "agent1")).user_acl["FRONT:/channels/whatsapp-call"]).toBe(true)
  })

  it("keeps the agent's desk out of the super admin's grants, and in an agent's", async () => {
    const desk = routes.filter((r) => r.tenantOnly).map((r) => frontKey(r.path))
    expect(desk).toEqual(expect.arrayContaining(["FRONT:/apps/chat", "FRONT:/apps/queue", "FRONT:/apps/inbox", "FRONT:/apps/history"]))
    const superadmin = await login(ctx.url, "superadmin")
    for (const key of desk) expect(superadmin.user_acl[key], key).toBe(false)
    expect(superadmin.user_acl["FRONT:/platform"]).toBe(true)
    expect(superadmin.user_acl["FRONT:/apps/dashboard"]).toBe(true)
    const agent = await login(ctx.url, "agent1")
    expect(agent.user_acl["FRONT:/apps/chat"]).toBe(true)
    expect(agent.user_acl["FRONT:/apps/inbox"]).toBe(true)
    // The super admin takes no calls: no voice-call key, so no call centre and no "Call a customer" button.
    expect(superadmin.user_acl[VOICE_CALL_KEY]).toBe(false)
    expect(agent.user_acl[VOICE_CALL_KEY]).toBe(true)
  })

  it("refuses the super admin the calls of a business's own screens, and answers the business's admin", async () => {
    for (const path of ["/apps/current-campaigns", PUBLIC_TEMPLATE_ROUTE])
      expect(routes.find((r) => r.path === path)?.tenantOnly, path).toBe(true)
    const superadmin = as((await login(ctx.url, "superadmin")).user_token)
    const admin = as((await login(ctx.url, "admin")).user_token)
    const campaigns = callOf("campaigns", "fetchListCampaigns")
    const refused = await send(ctx.url, campaigns, { page: 1, limit: 10 }, superadmin)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe("FORBIDDEN")
    expect((await send(ctx.url, campaigns, { page: 1, limit: 10 }, admin)).status).toBe(200)
    expect((await send(ctx.url, callOf("company", "apiKeyState"), {}, superadmin)).status).toBe(403)
    expect((await send(ctx.url, callOf("company", "apiKeyState"), {}, admin)).status).toBe(200)
    const individual = { template_name: "order_ready", language: "en", to: ["+905551230001"], params: [] }
    expect((await send(ctx.url, callOf("templates", "sendTemplateMessageText"), individual, superadmin)).status).toBe(403)
  })

  it("saves layout and theme per user", async () => {
    const h = as((await login(ctx.url, "agent2")).user_token)
    const initial = await send(ctx.url, callOf("layout", "userLayout"), {}, h)
    expect(initial.body.data.layout.style).toBe("vertical")
    await send(ctx.url, callOf("layout", "usersLayoutCreate"), { layout: { style: "horizontal", mode: "boxed" } }, h)
    await send(ctx.url, callOf("layout", "putUsersThemes"), { theme: { name: "dark", dark: true } }, h)
    const saved = await send(ctx.url, callOf("layout", "userLayout"), {}, h)
    expect(saved.body.data).toEqual({
      layout: { style: "horizontal", mode: "boxed" },
      theme: { name: "dark", dark: true },
    })
    const products = await send(ctx.url, callOf("layout", "clientProducts"), {}, h)
    expect(products.body.data.items.find((p: { key: string }) => p.key === "voice").enabled).toBe(true)
  })

  it("announces the online flag to the tenant's room only", async () => {
    const admin = await login(ctx.url, "admin")
    const admin2 = await login(ctx.url, "admin2")
    const agent = await login(ctx.url, "agent1")
    const listen = (token: string) => {
      const socket = io(ctx.url, {
        path: "/rt/socket.io",
        transports: ["websocket"],
        auth: { user_token: token },
        reconnection: false,
      })
      const events: unknown[] = []
      socket.on("agent-status", (payload) => events.push(payload))
      return new Promise<{ events: unknown[]; close: () => void }>((resolve) =>
        socket.on("connect", () => resolve({ events, close: () => socket.close() })),
      )
    }
    const one = await listen(admin.user_token)
    const two = await listen(admin2.user_token)
    expect((await send(ctx.url, callOf("auth", "agentOnline"), {}, as(agent.user_token))).body).toEqual({
      data: { online: true },
    })
    await new Promise((r) => setTimeout(r, 200))
    expect(one.events).toEqual([{ userId: agent.user_data.id, online: true }])
    expect(two.events).toEqual([])
    one.close()
    two.close()
  })
})
