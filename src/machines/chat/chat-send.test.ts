/**
 * Sending a file: the conversation's send actor reads the picked File through the ChatFiles service (no reading in
 * the view), uploads its bytes and sends the link with the media type its MIME type names; an unreadable file fails
 * the send with the reason, nothing is uploaded.
 */
import { ManagedRuntime } from "effect"
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import { waitFor } from "xstate"
import { appTestLayer } from "../../services/app-layer"
import { makeRecordingShell } from "../../services/browser/browser-shell"
import { makeMemoryStorage } from "../../services/browser/storage"
import { startTestServer, type TestServer } from "../../services/api/api-test-server.testing"
import { createAppActor } from "../common/from-effect"
import { sendMessage, type SendRequest } from "./chat-actors"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const send = async (request: SendRequest) => {
  const runtime = ManagedRuntime.make(
    appTestLayer({
      config: { origin: server.origin, apiBase: "/api", rtBase: "/rt" },
      storage: makeMemoryStorage({ user_token: "TOKEN" }),
      shell: makeRecordingShell(),
    }),
  )
  const actor = createAppActor(sendMessage, { runtime, input: { number: "905551112233", request } }).start()
  // waitFor rejects when the actor fails: the snapshot says how it ended either way.
  await waitFor(actor, (s) => s.status !== "active").catch(() => undefined)
  await runtime.dispose()
  return actor.getSnapshot()
}

it("reads the file when it is sent, uploads its bytes, then sends its link as the type its MIME names", async () => {
  server.on("POST /api/upload", {
    body: { data: { id: 1, name: "receipt.png", mime_type: "image/png", size: 3, url: "/files/1/receipt.png" } },
  })
  server.on("POST /rt/messages/send/image", { body: { data: { message: { messages: [{ id: "wamid.1" }] } } } })
  const file = new File([Uint8Array.from([1, 2, 3])], "receipt.png", { type: "image/png" })
  const snapshot = await send({ kind: "media", file, caption: " Your receipt " })
  expect([snapshot.status, snapshot.output]).toEqual(["done", ["wamid.1"]])
  const [upload, sent] = server.seen
  expect(upload!.body).toEqual({ file_name: "receipt.png", mime_type: "image/png", data_base64: "AQID" })
  expect(sent!.path).toBe("/rt/messages/send/image")
  expect(sent!.body).toMatchObject({
    image: { to: ["905551112233"], message: { link: `${server.origin}/files/1/receipt.png`, caption: "Your receipt" } },
  })
})

it("an unreadable file fails the send with its reason and uploads nothing", async () => {
  const file = Object.assign(new Blob(["x"]), { name: "gone.pdf", arrayBuffer: () => Promise.reject(new Error("NotReadableError")) })
  const snapshot = await send({ kind: "media", file })
  expect(snapshot.status).toBe("error")
  expect(snapshot.error).toMatchObject({ _tag: "FileReadError", name: "gone.pdf", message: "NotReadableError" })
  expect(server.seen).toEqual([])
})
