/**
 * Security suite, sessions: a password changed by an admin ends every session of that user and drops their sockets,
 * like a reset by e-mail; disabling a user drops their sockets too.
 */
import { describe, expect, it } from "vitest"
import { io, type Socket } from "socket.io-client"
import { DB_KINDS, as, callOf, login, send, useServer } from "../testing/harness"

const layout = callOf("layout", "userLayout")

/** A connected socket of the token's session, and a promise of its disconnect reason. */
const connect = async (url: string, token: string) => {
  const socket: Socket = io(url, { path: "/rt/socket.io", transports: ["websocket"], auth: { user_token: token }, reconnection: false })
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve())
    socket.on("connect_error", reject)
  })
  const dropped = new Promise<string>((resolve) => {
    socket.on("disconnect", (reason) => resolve(reason))
    setTimeout(() => resolve("still connected after 5 s"), 5_000)
  })
  return { socket, dropped }
}

describe.each(DB_KINDS)("sessions on %s", (kind) => {
  const ctx = useServer(kind)

  it("ends the user's sessions and drops their sockets when an admin sets a new password", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await login(ctx.url, "agent1")
    const { socket, dropped } = await connect(ctx.url, agent.user_token)
    const change = await send(
      ctx.url,
      callOf("users", "usersUpdatePartialById"),
      { id: agent.user_data.id, password: "changed-by-admin-1" },
      as(admin.user_token),
    )
    expect(change.status).toBe(200)
    expect(await dropped).toBe("io server disconnect")
    socket.close()
    expect((await send(ctx.url, layout, {}, as(agent.user_token))).status).toBe(401)
    expect((await send(ctx.url, layout, {}, as(admin.user_token))).status).toBe(200)
    await login(ctx.url, "agent1", "changed-by-admin-1")
  })

  it("drops a disabled user's sockets", async () => {
    const admin = await login(ctx.url, "admin")
    const agent = await login(ctx.url, "agent2")
    const { socket, dropped } = await connect(ctx.url, agent.user_token)
    const users = callOf("users", "usersUpdatePartialById")
    expect((await send(ctx.url, users, { id: agent.user_data.id, status: "disabled" }, as(admin.user_token))).status).toBe(200)
    expect(await dropped).toBe("io server disconnect")
    socket.close()
    expect((await send(ctx.url, users, { id: agent.user_data.id, status: "active" }, as(admin.user_token))).status).toBe(200)
  })
})
