/** `npm run server:coverage`: how many calls of the catalogue have a handler, by group. */
import { allCalls, catalogue, specGroupKeys } from "../src/contract/catalogue"
import { loadFeatures } from "./features/load"

const { handlers } = await loadFeatures()
const built = (calls: readonly { group: string; name: string }[]) =>
  calls.filter((call) => handlers.has(`${call.group}.${call.name}`)).length
const spec = allCalls.filter((call) => specGroupKeys.has(call.group))
const ours = allCalls.filter((call) => !specGroupKeys.has(call.group))
console.log(`${built(spec)} of ${spec.length} spec calls implemented (and ${built(ours)} of ${ours.length} of ours beyond the spec)`)
for (const group of Object.values(catalogue)) {
  const calls = Object.values(group.calls) as { group: string; name: string }[]
  const done = calls.filter((call) => handlers.has(`${call.group}.${call.name}`))
  const missing = calls.filter((call) => !handlers.has(`${call.group}.${call.name}`)).map((call) => call.name)
  console.log(
    `${String(done.length).padStart(3)}/${String(calls.length).padEnd(3)} ${group.title}${missing.length && done.length ? `  (missing: ${missing.join(", ")})` : ""}`,
  )
}
