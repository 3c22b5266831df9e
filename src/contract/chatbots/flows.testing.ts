/** Flows for tests: a generator of valid flows (every path waits or hands off) and a small hand-written one. */
import fc from "fast-check"
import type { BotFlow, BotNode } from "../schemas/chatbots"

/**
 * A valid flow of `n` nodes: node i may only point to nodes after it (so nothing spins), and the last is a hand-off;
 * every node is pointed to by the one before it, so all are reachable.
 */
export const validFlow = (max = 8): fc.Arbitrary<BotFlow> =>
  fc
    .integer({ min: 1, max })
    .chain((n) =>
      fc
        .tuple(
          ...Array.from({ length: n }, (_, i) =>
            i === n - 1 ? fc.constant<BotNode>({ id: `n${i}`, kind: "handoff", text: "An agent will answer you shortly" }) : nodeAt(i, n),
          ),
        )
        .map((nodes): BotFlow => ({ start: "n0", nodes })),
    )

const later = (i: number, n: number) => fc.integer({ min: i + 1, max: n - 1 }).map((j) => `n${j}`)

const nodeAt = (i: number, n: number): fc.Arbitrary<BotNode> => {
  const next = `n${i + 1}`
  return fc.oneof(
    fc.constant<BotNode>({ id: `n${i}`, kind: "message", text: `Message ${i}`, next }),
    fc.array(later(i, n), { minLength: 0, maxLength: 2 }).map(
      (more): BotNode => ({
        id: `n${i}`,
        kind: "message",
        text: `Menu ${i}`,
        style: "buttons",
        choices: [next, ...more].map((to, k) => ({ title: `Option ${k + 1}`, next: to })),
      }),
    ),
    fc.constantFrom("text", "number", "email", "date", "location").map(
      (validation): BotNode => ({
        id: `n${i}`,
        kind: "question",
        text: `Question ${i}`,
        attribute: `a${i}`,
        validation: validation as "text",
        next,
      }),
    ),
    later(i, n).map((other): BotNode => ({ id: `n${i}`, kind: "condition", test: { on: "business_hours" }, yes: next, no: other })),
    fc.constant<BotNode>({ id: `n${i}`, kind: "action", action: { do: "tag", tag: "bot" }, next }),
    fc.constant<BotNode>({ id: `n${i}`, kind: "action", action: { do: "send_nearest", count: 3 }, next }),
    fc.constant<BotNode>({ id: `n${i}`, kind: "action", action: { do: "send_products", search: "cake", limit: 5 }, next }),
  )
}

/** Greeting menu → (sales: ask the e-mail → hand off) | (support: hand off). */
export const salesFlow: BotFlow = {
  start: "welcome",
  nodes: [
    {
      id: "welcome",
      kind: "message",
      text: "Welcome! What can we do for you?",
      style: "buttons",
      choices: [
        { title: "Sales", next: "email" },
        { title: "Support", next: "support" },
      ],
    },
    {
      id: "email",
      kind: "question",
      text: "Your e-mail?",
      attribute: "email",
      validation: "email",
      retry_text: "That is not an e-mail",
      next: "tag",
    },
    { id: "tag", kind: "action", action: { do: "tag", tag: "lead" }, next: "sales" },
    { id: "sales", kind: "handoff", text: "Thanks, a sales agent will write to you" },
    { id: "support", kind: "handoff", text: "A support agent will answer you shortly" },
  ],
}

/** Shop: where are you (a location question) → nearest branches → a menu: products (a list) | an agent. */
export const shopFlow: BotFlow = {
  start: "where",
  nodes: [
    { id: "where", kind: "question", text: "Where are you?", attribute: "location", validation: "location", next: "near" },
    { id: "near", kind: "action", action: { do: "send_nearest", count: 2 }, next: "menu" },
    {
      id: "menu",
      kind: "message",
      text: "Anything else?",
      style: "buttons",
      choices: [
        { title: "Products", next: "products" },
        { title: "Agent", next: "agent" },
      ],
    },
    { id: "products", kind: "action", action: { do: "send_products", search: "cake", limit: 3 }, next: "agent" },
    { id: "agent", kind: "handoff", text: "An agent will answer you shortly" },
  ],
}
