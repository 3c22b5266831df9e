import { describe, expect, it } from "vitest"
import { floorOf, isAtLeast, requiredNode } from "./node-version"

describe("the Node.js floor", () => {
  it("comes from package.json and is the version that runs ES modules through require()", () => {
    expect(requiredNode()).toBe("20.19")
    expect(isAtLeast(process.versions.node, requiredNode())).toBe(true)
  })

  it("compares versions part by part", () => {
    expect(isAtLeast("20.19.0", "20.19")).toBe(true)
    expect(isAtLeast("20.18.3", "20.19")).toBe(false)
    expect(isAtLeast("22.1.0", "20.19")).toBe(true)
    expect(isAtLeast("v18.20.4", "20.19")).toBe(false)
    expect(floorOf(">=20.19")).toBe("20.19")
    expect(() => floorOf("^20 || ^22")).toThrow(/engines.node/)
  })
})
