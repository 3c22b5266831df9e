import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ChatFiles, FileReadError, type PickedFile } from "./chat-files"

const readWith = (file: PickedFile) =>
  Effect.runPromise(
    Effect.gen(function* () {
      return yield* (yield* ChatFiles).read(file)
    }).pipe(Effect.provide(ChatFiles.layer), Effect.result),
  )

describe("ChatFiles", () => {
  it("reads a picked file's bytes as base64 with its name, type and size", async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 256)
    const result = await readWith(new File([bytes], "receipt.png", { type: "image/png" }))
    expect(result._tag).toBe("Success")
    if (result._tag !== "Success") return
    expect({ ...result.success, base64: undefined }).toEqual({ name: "receipt.png", mime: "image/png", size: 70_000, base64: undefined })
    expect(Buffer.from(result.success.base64, "base64").equals(Buffer.from(bytes))).toBe(true)
  })

  it("an untyped file is sent as application/octet-stream", async () => {
    const result = await readWith(new File(["x"], "notes"))
    expect(result._tag === "Success" && result.success.mime).toBe("application/octet-stream")
  })

  it("a file that cannot be read fails typed, with its name", async () => {
    const broken = Object.assign(new Blob(["x"]), {
      name: "gone.pdf",
      arrayBuffer: () => Promise.reject(new Error("NotReadableError")),
    })
    const result = await readWith(broken)
    expect(result._tag).toBe("Failure")
    if (result._tag !== "Failure") return
    expect(result.failure).toBeInstanceOf(FileReadError)
    expect([result.failure.name, result.failure.message]).toEqual(["gone.pdf", "NotReadableError"])
  })
})
