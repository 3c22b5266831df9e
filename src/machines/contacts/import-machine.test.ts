/** The CSV import wizard, model-based (common/model-check.testing.ts), and its progress for its own import only. */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { checkModel } from "../common/model-check.testing"
import { makeScript, settle } from "../common/scripted-actors.testing"
import { importMachine } from "./import-machine"

const file = new File(["number,name,city\n+905550000001,Ayşe,Izmir\n"], "contacts.csv", { type: "text/csv" })
const preview = { ok: true, headers: ["number", "name", "city"], rows: [["+905550000001", "Ayşe", "Izmir"]], rowCount: 1, hadBom: false }
const result = {
  import_id: "x",
  rows: 3,
  imported: 1,
  merged: 1,
  rejected: 1,
  rejections: [{ line: 4, number: "12", reason: "invalid_number", message: "not a phone number" }],
  default_country: "TR",
}

checkModel({
  name: "contacts import wizard",
  machine: importMachine,
  sources: ["inspect", "upload", "progress"],
  states: ["choosing", "inspecting", "mapping", "uploading", "done"],
  events: [
    { type: "FILE.CHOOSE", file },
    { type: "xstate.done.actor.inspect", output: preview },
    { type: "xstate.done.actor.inspect", output: { ok: false, problem: "utf16" } },
    { type: "xstate.error.actor.inspect", error: new Error("unreadable") },
    { type: "COLUMN.SET", index: 0, role: "ignore" },
    { type: "COLUMN.SET", index: 2, role: "number" },
    { type: "UPLOAD" },
    {
      type: "rt.contacts:import-progress",
      import_id: "someone-else",
      file_name: "x.csv",
      rows: 9,
      bytes_done: 9,
      bytes_total: 9,
      done: true,
    },
    { type: "xstate.done.actor.upload", output: result },
    { type: "xstate.error.actor.upload", error: { status: 413, code: "TOO_LARGE", message: "too large" } },
    { type: "REJECTIONS.DOWNLOAD" },
    { type: "DOWNLOAD.SAVED" },
    { type: "RESTART" },
  ],
  stories: [
    [
      { type: "FILE.CHOOSE", file },
      { type: "xstate.done.actor.inspect", output: preview },
      { type: "UPLOAD" },
      {
        type: "rt.contacts:import-progress",
        import_id: "someone-else",
        file_name: "x.csv",
        rows: 9,
        bytes_done: 9,
        bytes_total: 9,
        done: true,
      },
      { type: "xstate.done.actor.upload", output: result },
      { type: "REJECTIONS.DOWNLOAD" },
      { type: "DOWNLOAD.SAVED" },
      { type: "RESTART" },
      { type: "FILE.CHOOSE", file },
      { type: "xstate.done.actor.inspect", output: preview },
      { type: "RESTART" },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.problem,
    s.context.columns.find((c: { role: string }) => c.role === "number")?.header ?? null,
    s.context.failure !== null,
    s.context.download !== null,
  ],
  view: (s) => ({
    value: s.value,
    problem: s.context.problem,
    columns: s.context.columns,
    progress: s.context.progress,
    result: s.context.result,
    failure: s.context.failure,
    download: s.context.download && {
      filename: s.context.download.filename.replace(/imp-[^.]+/, "ID"),
      content: s.context.download.content,
    },
  }),
})

describe("contacts import wizard", () => {
  it("moves its progress bar only for its own import, and offers the exact rejection report", async () => {
    const script = makeScript()
    const actor = createActor(
      importMachine.provide({ actors: { inspect: script.logic, upload: script.logic, progress: script.logic } as never }),
    )
    actor.start()
    actor.send({ type: "FILE.CHOOSE", file })
    await settle()
    script.resolve("inspect", preview)
    await settle()
    actor.send({ type: "UPLOAD" })
    await settle()
    const importId = actor.getSnapshot().context.importId as string
    expect(importId).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(script.calls.find((c) => c.id === "upload")?.input).toMatchObject({ importId, file })
    const progress = { file_name: "contacts.csv", rows: 5000, bytes_done: 40, bytes_total: 100, done: false }
    actor.send({ type: "rt.contacts:import-progress", import_id: "other-import", ...progress })
    expect(actor.getSnapshot().context.progress).toBeNull()
    actor.send({ type: "rt.contacts:import-progress", import_id: importId, ...progress })
    expect(actor.getSnapshot().context.progress).toEqual({ bytesDone: 40, bytesTotal: 100, rows: 5000 })
    script.resolve("upload", result)
    await settle()
    actor.send({ type: "REJECTIONS.DOWNLOAD" })
    expect(actor.getSnapshot().context.download?.content).toBe("line,number,reason,message\r\n4,12,invalid_number,not a phone number\r\n")
    actor.stop()
  })

  it("will not upload without a number column", async () => {
    const script = makeScript()
    const actor = createActor(
      importMachine.provide({ actors: { inspect: script.logic, upload: script.logic, progress: script.logic } as never }),
    )
    actor.start()
    actor.send({ type: "FILE.CHOOSE", file })
    await settle()
    script.resolve("inspect", preview)
    await settle()
    actor.send({ type: "COLUMN.SET", index: 0, role: "ignore" })
    actor.send({ type: "UPLOAD" })
    expect(actor.getSnapshot().value).toBe("mapping")
    actor.stop()
  })
})
