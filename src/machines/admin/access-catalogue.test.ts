/** The permission editor's sections and the effective-access preview. */
import { describe, expect, it } from "vitest"
import { backKey, frontKey, VOICE_CALL_KEY } from "../../contract/routes"
import type { Permission } from "../../contract/schemas/access"
import { aclOfKeys, keysOfIds, previewOf, sectionsOf } from "./access-catalogue"

let next = 1
const perm = (key: string): Permission => ({
  id: next++,
  key,
  kind: key.startsWith("FRONT:") ? "front" : "back",
  name: key,
  description: "",
  rule_set_id: null,
  system: true,
})

describe("access catalogue", () => {
  const catalogue = [
    perm(frontKey("/apps/users")),
    perm(frontKey("/apps/chat")),
    perm(VOICE_CALL_KEY),
    perm(frontKey("/example")),
    perm(backKey("users")),
    perm(backKey("chat")),
    perm(frontKey("/apps/dashboard")),
  ]

  it("puts every key in one section: routes by sidebar group in the sidebar's order, then voice, other pages, server groups", () => {
    const sections = sectionsOf(catalogue)
    expect(sections.map((s) => s.id)).toEqual(["dashboard", "chat", "settings", "voice", "pages", "back:chat", "back:users"])
    expect(sections.flatMap((s) => s.entries).length).toBe(catalogue.length)
    const users = sections.find((s) => s.id === "back:users")?.entries[0]
    expect(users?.calls).toContain("POST /fetch/list/users")
    expect(sections.find((s) => s.id === "settings")?.entries[0].route?.key).toBe("users")
  })

  it("previews which sidebar items appear and disappear, with the voice-call override", () => {
    const before = aclOfKeys([frontKey("/apps/chat"), frontKey("/apps/users")])
    const after = aclOfKeys([frontKey("/apps/chat"), frontKey("/apps/dashboard"), backKey("chat")])
    const preview = previewOf(before, after)
    expect(preview.appear.map((r) => r.path)).toEqual(["/apps/dashboard"])
    expect(preview.disappear.map((r) => r.path)).toEqual(["/apps/users"])
    expect(preview.sidebar.map((s) => s.group)).toEqual(["dashboard", "chat"])
    expect(aclOfKeys([VOICE_CALL_KEY], false)).toEqual({})
    expect(aclOfKeys([], true)).toEqual({ [VOICE_CALL_KEY]: true })
    expect(keysOfIds([catalogue[0].id, 99999], catalogue)).toEqual([frontKey("/apps/users")])
  })
})
