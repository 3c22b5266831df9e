/** A seeded PRNG (mulberry32) so the demo world is the same on every fresh database. */
export interface Rng {
  readonly next: () => number
  readonly int: (min: number, max: number) => number
  readonly pick: <T>(items: readonly T[]) => T
  readonly chance: (p: number) => boolean
}

export const makeRng = (seed: number): Rng => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { next, int, pick: (items) => items[Math.floor(next() * items.length)], chance: (p) => next() < p }
}

export const FIRST = [
  "Ayse",
  "Mehmet",
  "Fatma",
  "Ali",
  "Zeynep",
  "Omar",
  "Layla",
  "Yusuf",
  "Sara",
  "Ahmed",
  "Elif",
  "Can",
  "Mariam",
  "Hassan",
  "Deniz",
  "Noura",
  "Emre",
  "Huda",
  "John",
  "Emma",
  "Lucas",
  "Mia",
  "Karim",
  "Selin",
]
export const LAST = [
  "Yilmaz",
  "Kaya",
  "Demir",
  "Celik",
  "Sahin",
  "Al-Farsi",
  "Haddad",
  "Nasser",
  "Ozturk",
  "Aydin",
  "Smith",
  "Brown",
  "Khalil",
  "Mansour",
  "Arslan",
  "Dogan",
]
export const CHANNELS = ["whatsapp", "whatsapp", "whatsapp", "facebook", "instagram", "sms", "webchat"] as const
export const CUSTOMER_LINES = [
  "Hello, I need help with my order",
  "When will my package arrive?",
  "I was charged twice for the same purchase",
  "Can I change my delivery address?",
  "The product I received is damaged",
  "How do I reset my account password?",
  "Is the store open on Sunday?",
  "I would like to return an item",
  "Thank you for the quick answer!",
  "Do you have this in a larger size?",
]
export const AGENT_LINES = [
  "Hello! How can I help you today?",
  "Let me check that for you.",
  "Your order is on its way and should arrive tomorrow.",
  "I have refunded the duplicate charge.",
  "I have opened a ticket for this issue.",
  "Is there anything else I can help with?",
]

export const nameOf = (rng: Rng) => `${rng.pick(FIRST)} ${rng.pick(LAST)}`
/** A plausible mobile number for a country prefix (Turkey, UAE, Saudi Arabia). */
export const phoneOf = (rng: Rng, index: number) => {
  const prefix = rng.pick(["90532", "90544", "97150", "96655"])
  return `+${prefix}${String(1000000 + ((index * 7919) % 9000000)).padStart(7, "0")}`
}
