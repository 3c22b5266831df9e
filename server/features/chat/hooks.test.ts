/**
 * The chat's hook points as the features install them at start: each reaction in the order chat/hooks.ts promises
 * (the bot's turn before the tenant's automatic answers), and every kind of message another feature composes.
 */
import { expect, test } from "vitest"
import { loadFeatures } from "../load"
import {
  channelLayers,
  conversationClosed,
  conversationReleased,
  conversationTaken,
  handOverRefused,
  inboundArriving,
  inboundStored,
  sendKinds,
  statusesReported,
} from "./hooks"

test("the features' reactions run in the documented order", async () => {
  await loadFeatures()
  const order = (point: { reactions: () => readonly { feature: string }[] }) => point.reactions().map((r) => r.feature)
  expect(order(inboundArriving)).toEqual(["tenant-settings"])
  expect(order(inboundStored)).toEqual(["templates", "locations", "orders", "tickets", "chatbots", "tenant-settings", "sla"])
  expect(order(statusesReported)).toEqual(["campaigns", "templates"])
  expect(order(handOverRefused)).toEqual(["campaigns", "templates"])
  expect(order(conversationClosed)).toEqual(["tickets", "tenant-settings", "sla"])
  expect(order(conversationReleased)).toEqual(["tenant-settings", "routing"])
  expect(order(conversationTaken)).toEqual(["routing"])
  expect(channelLayers.values()).toHaveLength(2)
  expect(sendKinds.get("template")).toBeTypeOf("function")
  expect(sendKinds.get("products")).toBeTypeOf("function")
})
