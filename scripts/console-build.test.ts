import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isStale } from "./console-build"

describe("when npm start rebuilds the console", () => {
  const root = mkdtempSync(join(tmpdir(), "console-build-"))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds)

  it("builds when dist/ is missing or older than a source, and not when nothing changed", () => {
    const src = join(root, "src")
    const dist = join(root, "dist")
    mkdirSync(src)
    writeFileSync(join(src, "main.tsx"), "x")
    writeFileSync(join(src, "main.test.tsx"), "x")
    at(join(src, "main.tsx"), 1000)
    at(join(src, "main.test.tsx"), 1000)
    at(src, 1000)
    expect(isStale(dist, [src])).toBe(true)
    mkdirSync(dist)
    writeFileSync(join(dist, "index.html"), "<!doctype html>")
    at(join(dist, "index.html"), 2000)
    expect(isStale(dist, [src])).toBe(false)
    // A test file does not change the bundle.
    at(join(src, "main.test.tsx"), 3000)
    expect(isStale(dist, [src])).toBe(false)
    at(join(src, "main.tsx"), 3000)
    expect(isStale(dist, [src])).toBe(true)
  })
})
