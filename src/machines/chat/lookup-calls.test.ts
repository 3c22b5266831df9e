/** The chat's lookups against the contract: each names exactly what its call needs. */
import { expect, it } from "vitest"
import { allCalls } from "../../contract/catalogue"
import { lookupCallNames, lookupCalls } from "./lookup-calls"

it.each(Object.entries(lookupCalls))("lookup %s needs what its call needs", (kind, entry) => {
  const call = allCalls.find((c) => `${c.group}.${c.name}` === lookupCallNames[kind as keyof typeof lookupCalls])
  expect(call, kind).toBeDefined()
  expect(entry).toEqual({ permission: call?.permission, access: call?.access })
})
