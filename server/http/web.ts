/**
 * Non-call routes (health and readiness: http/health.ts; the development mail outbox: dev/mail/outbox-routes.ts): console
 * config, and the built console (dist/) with SPA fallback.
 */
import { existsSync } from "node:fs"
import { join, relative, resolve, sep } from "node:path"
import type { FastifyInstance } from "fastify"
import fastifyStatic from "@fastify/static"
import { signJwt, nowSeconds } from "../auth/jwt"
import type { Services } from "./context"
import { ApiError } from "./errors"

/** A scope-limited client token the logged-out console pages use for the password-reset calls. */
export const publicClientToken = (services: Services) =>
  signJwt({ typ: "client", cid: 0, scope: "password-reset", iat: nowSeconds() }, services.config.jwtSecret)

const NO_BUILD_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Console not built</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto"><h1>The console is not built yet</h1>
<p>The API is running. Run <code>npm run build</code> (or <code>npm start</code>, which builds first) to serve the console here.</p></body></html>`

/** The build's folder of files named by their content (vite's hashes). */
const ASSETS = "assets"

/**
 * The build's files under ASSETS: a browser keeps them a year without asking again, so a returning user's screens
 * load their code from the cache. Everything else (index.html, the web chat's widget at its fixed address) is asked
 * again each time, answered 304 while it is unchanged.
 */
const cacheControlOf = (root: string, path: string) =>
  relative(root, path).split(sep)[0] === ASSETS ? "public, max-age=31536000, immutable" : "no-cache"

export const registerWeb = async (app: FastifyInstance, services: Services, distDir: string) => {
  const { config } = services
  app.get("/console-config.json", async () => ({
    apiBase: config.apiBase,
    rtBase: config.rtBase,
    publicClientToken: publicClientToken(services),
  }))
  const root = resolve(distDir)
  const built = existsSync(join(root, "index.html"))
  if (built)
    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      wildcard: true,
      index: ["index.html"],
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header("cache-control", cacheControlOf(root, path)),
    })
  const isServicePath = (url: string) =>
    [config.apiBase, config.rtBase].some((base) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`))
  app.setNotFoundHandler((req, reply) => {
    // A build file that is not there (a tab opened before a deploy asks for its old code) is missing, not the console.
    if (req.url.startsWith(`/${ASSETS}/`)) {
      const error = new ApiError(404, "NOT_FOUND", `No such file: ${req.url.split("?")[0]}`)
      return reply.status(404).send(error.body())
    }
    if (isServicePath(req.url) || req.method !== "GET") {
      const error = new ApiError(404, "NOT_FOUND", `No such call: ${req.method} ${req.url.split("?")[0]}`)
      return reply.status(404).send(error.body())
    }
    if (built) return reply.type("text/html").sendFile("index.html")
    return reply.status(200).type("text/html").send(NO_BUILD_PAGE)
  })
}
