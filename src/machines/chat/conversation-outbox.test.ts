import { describe, expect, it } from "vitest"
import { acknowledged, enqueue, failed, pendingMessage, retry, sent, startSending } from "./conversation-outbox"

const AT = "2026-11-22T10:00:00Z"
const file = new File([Uint8Array.from([1])], "clip.mp4", { type: "video/mp4" })

describe("the conversation's outbox", () => {
  it("sends one at a time, in order; a failure keeps its reason until retried", () => {
    let box = enqueue(enqueue([], 1, { kind: "text", text: "a" }, AT), 2, { kind: "text", text: "b" }, AT)
    box = startSending(box)
    expect(box.map((o) => o.state)).toEqual(["sending", "queued"])
    box = failed(box, { status: 409, code: "WINDOW_CLOSED", message: "closed" })
    expect(box.map((o) => [o.state, o.failure?.code ?? null])).toEqual([
      ["failed", "WINDOW_CLOSED"],
      ["queued", null],
    ])
    box = startSending(retry(box, 1))
    expect(box.map((o) => o.state)).toEqual(["sending", "queued"])
    box = acknowledged(sent(box, ["wamid.1"]), "wamid.1")
    expect(box.map((o) => o.localId)).toEqual([2])
  })

  it("a picked file waits as a bubble of its media type, captioned or named", () => {
    const [captioned, named] = enqueue(enqueue([], 1, { kind: "media", file, caption: "Look" }, AT), 2, { kind: "media", file }, AT)
    expect([pendingMessage(captioned!, "9055", "You"), pendingMessage(named!, "9055", "You")].map((m) => [m.id, m.type, m.body])).toEqual([
      [-1, "video", "Look"],
      [-2, "video", "clip.mp4"],
    ])
  })
})
