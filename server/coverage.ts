/** `npm run server:coverage`: how many calls of the catalogue have a handler, by group. */
import { catalogue, allCalls } from "../src/contract/catalogue"
import { loadFeatures } from "./features/load"

const { handlers } = await loadFeatures()
const implemented = allCalls.filter((call) => handlers.has(`${call.group}.${call.name}`)).length
console.log(`${implemented} of ${allCalls.length} calls implemented`)
for (const group of Object.values(catalogue)) {
  const calls = Object.values(group.calls) as { group: string; name: string }[]
  const done = calls.filter((call) => handlers.has(`${call.group}.${call.name}`))
  const missing = calls.filter((call) => !handlers.has(`${call.group}.${call.name}`)).map((call) => call.name)
  console.log(
    `${String(done.length).padStart(3)}/${String(calls.length).padEnd(3)} ${group.title}${missing.length && done.length ? `  (missing: ${missing.join(", ")})` : ""}`,
  )
}
