/**
 * `npx tsx scripts/bench-json-stream.ts [--rows 300000 --runs 5 --chunk 65536]`
 *
 * The console's two candidates for reading the Call History export as it streams in, on the same text: the
 * hand-written reader (src/services/report-kit/json-array-stream.ts: finds element boundaries, one JSON.parse per
 * run of elements) and @streamparser/json (a char-by-char tokenizer and parser, paths `$.whatsappCalls.whatsappCalls.*`).
 * The text is `--rows` records in the export's shape and formats (with Turkish and Arabic names, quotes and escapes),
 * cut into `--chunk`-character pieces as fetch hands them over; each run turns every record into its CSV line with the
 * console's own `callCsvLines` (as the export does). Prints the median time per run, the rate, and whether both
 * produced the same CSV (a checksum over every line). Same engine as Chromium (V8); finishes by itself.
 */
import { createHash } from "node:crypto"
import { loadavg } from "node:os"
import { parseArgs } from "node:util"
import { JSONParser } from "@streamparser/json"
import { arrayStreamParser } from "../src/services/report-kit/json-array-stream"
import { callCsvLines } from "../src/machines/reports/call-history-report"

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "300000" },
    runs: { type: "string", default: "5" },
    chunk: { type: "string", default: "65536" },
  },
})
const ROWS = Number(values.rows)
const NAMES = ['Ayşe "K"', "محمد", "Zeynep\\Yıldız", null, "Ali\nVeli", "😀 Emoji"]
const record = (i: number) => ({
  call_id: `wacid.HBgM${i}`,
  name: NAMES[i % NAMES.length],
  number: `+90555${String(i).padStart(7, "0")}`,
  call_type: i % 2 ? "incoming" : "outgoing",
  call_start_time: i % 3 ? 1_763_000_000 + i : null,
  call_end_time: i % 3 ? 1_763_000_075 + i : null,
  call_duration: i % 3 ? 75 : 0,
  username: i % 4 ? "agent1" : null,
  call_status: ["completed", "missed", "rejected"][i % 3],
  blocks: i % 5,
  dt: new Date(1_763_000_000_000 + i * 1000).toISOString(),
  message: i % 7 === 0 ? { message_type: "text", message_body: "Merhaba, siparişim nerede?", attachments: [], interactive: null } : null,
})
const text = `{"whatsappCalls":{"whatsappCalls":[${Array.from({ length: ROWS }, (_, i) => JSON.stringify(record(i))).join(",")}],"totalItems":${ROWS}}}`
const CHUNK = Number(values.chunk)
const chunks: string[] = []
for (let at = 0; at < text.length; at += CHUNK) chunks.push(text.slice(at, at + CHUNK))

const handWritten = () => {
  const lineOf = callCsvLines()
  const hash = createHash("sha256")
  let lines = 0
  const parser = arrayStreamParser(["whatsappCalls", "whatsappCalls"], (rows) => {
    for (const row of rows) {
      hash.update(lineOf(row))
      lines++
    }
  })
  for (const chunk of chunks) parser.push(chunk)
  parser.end()
  return { lines, digest: hash.digest("hex") }
}

const streamparser = () => {
  const lineOf = callCsvLines()
  const hash = createHash("sha256")
  let lines = 0
  const parser = new JSONParser({ paths: ["$.whatsappCalls.whatsappCalls.*"], keepStack: false })
  parser.onValue = ({ value }) => {
    hash.update(lineOf(value))
    lines++
  }
  for (const chunk of chunks) parser.write(chunk)
  // The parser ends by itself after the top-level value; end() then only checks nothing is left open.
  if (!parser.isEnded) parser.end()
  return { lines, digest: hash.digest("hex") }
}

const time = (run: () => { lines: number; digest: string }) => {
  run()
  const samples: number[] = []
  let result = { lines: 0, digest: "" }
  for (let i = 0; i < Number(values.runs); i++) {
    const started = performance.now()
    result = run()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return { ...result, median: samples[Math.floor(samples.length / 2)] }
}

const mib = text.length / 1048576
const hand = time(handWritten)
const lib = time(streamparser)
console.log(
  `\n${ROWS.toLocaleString("en")} records, ${mib.toFixed(0)} MiB of JSON in ${chunks.length} pieces; ${values.runs} runs each; load average ${loadavg()[0].toFixed(1)}\n`,
)
console.log("| Reader | Median per run | MiB/s | CSV lines | Same CSV |")
console.log("|---|---:|---:|---:|---|")
for (const [name, r] of [
  ["hand-written (json-array-stream.ts)", hand],
  ["@streamparser/json", lib],
] as const)
  console.log(
    `| ${name} | ${(r.median / 1000).toFixed(2)} s | ${(mib / (r.median / 1000)).toFixed(0)} | ${r.lines.toLocaleString("en")} | ${r.digest === hand.digest ? "yes" : "NO"} |`,
  )
console.log(
  `\nThe 430 MiB export would take ${(((hand.median / mib) * 430) / 1000).toFixed(1)} s (hand-written) and ${(((lib.median / mib) * 430) / 1000).toFixed(1)} s (@streamparser/json) of the page's main thread.`,
)
