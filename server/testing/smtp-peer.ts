/**
 * A real SMTP server for tests: Debian's aiosmtpd with its Mailbox handler, which writes every message it receives
 * into a Maildir. `startSmtpPeer()` starts it on a free port; `messages()` answers what arrived, parsed by mailparser
 * (oldest first); `stop()` ends it and removes the Maildir.
 *
 *   const smtp = await startSmtpPeer()
 *   const server = await startTestServer({ config: { smtpUrl: smtp.url } })
 *   ... const [mail] = await smtp.waitFor((m) => m.subject === "Reset your password")
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ParsedMail, simpleParser } from "mailparser"
import { freePort } from "../sip/daemon"

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  readonly url: string
  readonly port: number
  /** Every message received so far, oldest first. */
  readonly messages: () => Promise<ParsedMail[]>
  /** The received messages that match, once there is at least one (polls the Maildir; throws after `timeoutMs`). */
  readonly waitFor: (match: (mail: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail[]>
  readonly stop: () => Promise<void>
}

/** Resolves once the port takes a connection and greets with 220. */
const greets = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.once("data", (data) => {
      socket.destroy()
      resolve(data.toString().startsWith("220"))
    })
    socket.once("error", () => resolve(false))
  })

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `port`: listen where a stopped peer listened (a mail server coming back). */
export const startSmtpPeer = async (port?: number): Promise<SmtpPeer> => {
  const dir = mkdtempSync(join(tmpdir(), "smtp-peer-"))
  const maildir = join(dir, "Maildir")
  port ??= await freePort()
  const child: ChildProcess = spawn("/usr/bin/aiosmtpd", ["-n", "-l", `127.0.0.1:${port}`, "-c", "aiosmtpd.handlers.Mailbox", maildir], {
    stdio: ["ignore", "ignore", "pipe"],
  })
  let stderr = ""
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk)
  })
  const started = Date.now()
  while (!(await greets(port))) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      child.kill("SIGKILL")
      rmSync(dir, { recursive: true, force: true })
      throw new Error(`aiosmtpd did not start on ${port}: ${stderr}`)
    }
    await pause(50)
  }
  const messages = async () => {
    const received = join(maildir, "new")
    const files = readdirSync(received)
      .map((name) => join(received, name))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    return Promise.all(files.map((file) => simpleParser(readFileSync(file))))
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor: async (match, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs
      for (;;) {
        const found = (await messages()).filter(match)
        if (found.length > 0) return found
        if (Date.now() > until) throw new Error("No such mail arrived")
        await pause(50)
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve))
        child.kill("SIGTERM")
        await Promise.race([exited, pause(2000)])
        if (child.exitCode === null) child.kill("SIGKILL")
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
