/**
 * Prints the gzip size of the JS and CSS the login route loads. Builds dist/ first unless `--no-build`, serves it
 * with a bare static server, opens /login in Debian's Chromium and sums the gzip size of every .js/.css file the
 * page requested (what a user downloads before they can sign in), then the web-chat widget's script. Exits 1 above
 * either budget (250 KiB, widget 30 KiB).
 *
 *   npx tsx scripts/bundle-size.ts [--no-build] [--json]      (BUNDLE_DIST=<dir> measures another build folder)
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { createServer } from "node:http"
import { extname, join, normalize, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { chromium } from "@playwright/test"

const BUDGET_KIB = 250
const dist = resolve(process.env.BUNDLE_DIST ?? "dist")
const args = new Set(process.argv.slice(2))

if (!args.has("--no-build") || !existsSync(join(dist, "index.html"))) {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", dist, "--emptyOutDir"], { stdio: "inherit" })
}

const types: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".html": "text/html",
  ".json": "application/json",
}
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent((request.url ?? "/").split("?")[0])).replace(/^(\.\.[/\\])+/, "")
  const file = join(dist, path)
  const target = file.startsWith(dist) && existsSync(file) && extname(file) ? file : join(dist, "index.html")
  if (path === "/console-config.json") {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, { "content-type": types[extname(target)] ?? "application/octet-stream" })
  response.end(readFileSync(target))
})
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
const address = server.address()
const port = typeof address === "object" && address ? address.port : 0

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" })
const page = await browser.newPage()
const files = new Set<string>()
page.on("request", (request) => {
  const url = new URL(request.url())
  if (/\.(js|css)$/.test(url.pathname)) files.add(url.pathname)
})
await page.goto(`http://127.0.0.1:${port}/login`)
await page.waitForSelector("[data-testid=login-form]", { timeout: 30_000 })
await page.waitForLoadState("networkidle")
await browser.close()
server.close()

const rows = [...files]
  .map((path) => {
    const bytes = readFileSync(join(dist, path))
    return { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  .sort((a, b) => b.gzip - a.gzip)
const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0)
const js = rows.filter((row) => row.path.endsWith(".js")).reduce((sum, row) => sum + row.gzip, 0)
const css = totalGzip - js

if (args.has("--json")) {
  console.log(
    JSON.stringify({
      route: "/login",
      gzipBytes: totalGzip,
      jsGzipBytes: js,
      cssGzipBytes: css,
      budgetKiB: BUDGET_KIB,
      files: rows,
    }),
  )
} else {
  for (const row of rows) console.log(`${kib(row.gzip).padStart(8)} KiB gzip  ${kib(row.raw).padStart(8)} KiB raw  ${row.path}`)
  console.log(
    `login route: ${kib(totalGzip)} KiB gzip (JS ${kib(js)} KiB + CSS ${kib(css)} KiB) in ${rows.length} files; budget ${BUDGET_KIB} KiB`,
  )
}
// The web-chat widget other sites load (scripts/webchat-widget.ts builds it into dist/webchat).
const WIDGET_BUDGET_KIB = 30
const widgetBytes = readFileSync(join(dist, "webchat", "widget.js"))
const widgetGzip = gzipSync(widgetBytes, { level: 9 }).length
if (args.has("--json")) console.log(JSON.stringify({ widget: "/webchat/widget.js", gzipBytes: widgetGzip, budgetKiB: WIDGET_BUDGET_KIB }))
else console.log(`web-chat widget: ${kib(widgetGzip)} KiB gzip (${kib(widgetBytes.length)} KiB raw); budget ${WIDGET_BUDGET_KIB} KiB`)
process.exit(totalGzip > BUDGET_KIB * 1024 || widgetGzip > WIDGET_BUDGET_KIB * 1024 ? 1 : 0)
