/** The console's lazy catalogue loads exactly the definitions the server registers, group by group. */
import { describe, expect, it } from "vitest"
import { catalogue, type GroupKey } from "./catalogue"
import { groupLoaders, loadGroups } from "./lazy-catalogue"

describe("lazy catalogue", () => {
  it("has a loader for every group, bringing that group's very definitions", async () => {
    expect(Object.keys(groupLoaders).sort()).toEqual(Object.keys(catalogue).sort())
    for (const key of Object.keys(catalogue) as GroupKey[]) expect(await groupLoaders[key](), key).toBe(catalogue[key])
  })

  it("loads several groups at once", async () => {
    await expect(loadGroups(["contacts", "tagging"])).resolves.toBeUndefined()
  })
})
