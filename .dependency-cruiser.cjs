/**
 * The layer rules of the architecture (docs/architecture.md), checked on every `npm test`. A breach fails the run
 * with the rule's name and the two files. Tests beside the code (`*.test.ts`) and their helpers (`*.testing.ts`)
 * may reach the real server's test harness; nothing else may.
 */
const TEST = "(\\.test\\.tsx?|\\.spec\\.ts|\\.testing\\.ts)$"

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-cycles", severity: "error", comment: "Modules import each other in a loop.", from: {}, to: { circular: true } },
    {
      name: "chat-imports-no-feature",
      severity: "error",
      comment:
        "The chat core (server/features/chat) imports no other feature: features react to it through its hook points (chat/hooks.ts), registered from their own modules.",
      from: { path: "^server/features/chat/", pathNot: TEST },
      to: { path: "^server/features/", pathNot: "^server/features/chat/" },
    },
    {
      name: "features-through-public-modules",
      severity: "error",
      comment:
        "A feature (or a dev simulator) reaches another feature only through that feature's public module, server/features/<name>/index.ts.",
      from: { path: "^server/(features/[^/]+|dev)/", pathNot: TEST },
      to: { path: "^server/features/[^/]+/", pathNot: ["^server/$1/", "^server/features/[^/]+/index\\.ts$"] },
    },
    {
      name: "platform-imports-no-feature",
      severity: "error",
      comment:
        "Core and platform code (core, http, db, realtime, auth, channels, sip) imports no feature and no dev code; the demo world (db/seed) writes through the features' own paths.",
      from: { path: "^server/(core|http|db|realtime|auth|channels|sip)/", pathNot: [TEST, "^server/db/seed/"] },
      to: { path: "^server/(features|dev)/" },
    },
    {
      name: "contract-stands-alone",
      severity: "error",
      comment: "The contract is shared by the console and the server: it imports effect and itself, nothing else.",
      from: { path: "^src/contract/", pathNot: TEST },
      to: { pathNot: ["^src/contract/", "^node_modules/effect/"], dependencyTypesNot: ["core", "type-only"] },
    },
    {
      name: "services-below-machines",
      severity: "error",
      comment: "Services are called by machines; they never import machines, views, the app, React or XState.",
      from: { path: "^src/services/", pathNot: TEST },
      to: { path: ["^src/(machines|views|app)/", "^node_modules/(react|react-dom|xstate|@xstate|@blueprintjs)/"] },
    },
    {
      name: "machines-below-views",
      severity: "error",
      comment: "Machines never import views, the app, React or Blueprint.",
      from: { path: "^src/machines/", pathNot: TEST },
      to: { path: ["^src/(views|app)/", "^node_modules/(react|react-dom|@xstate/react|@blueprintjs|react-i18next|i18next)/"] },
    },
    {
      name: "views-through-machines",
      severity: "error",
      comment: "Views reach the world through machines: never services, sockets, SIP or the app.",
      from: { path: "^src/views/", pathNot: TEST },
      to: { path: ["^src/(services|app)/", "^node_modules/(socket\\.io-client|sip\\.js|effect)/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-shares-only-the-contract",
      severity: "error",
      comment: "The server takes the contract from src/, nothing else.",
      from: { path: "^server/" },
      to: { path: "^src/", pathNot: "^src/contract/" },
    },
    {
      name: "console-never-imports-tests",
      severity: "error",
      comment: "src/ never imports tests/.",
      from: { path: "^src/" },
      to: { path: "^tests/" },
    },
    {
      name: "console-never-imports-server",
      severity: "error",
      comment: "Only tests beside the console's code may start the real server.",
      from: { path: "^src/", pathNot: TEST },
      to: { path: "^server/" },
    },
    {
      name: "dev-only-from-app-start",
      severity: "error",
      comment:
        "server/dev/ (simulators, fake providers, the /dev/* hooks) is for development servers: app.ts imports it when config.dev, nothing else in server/ may (tests, their helpers and the test plumbing may). server/dev/ itself may use features and platform code.",
      from: { path: "^server/", pathNot: ["^server/dev/", "^server/app\\.ts$", "^server/testing/", TEST] },
      to: { path: "^server/dev/" },
    },
    {
      name: "dev-loaded-dynamically",
      severity: "error",
      comment: "app.ts loads server/dev/ with a dynamic import, only on development servers: a static import would load it in production.",
      from: { path: "^server/app\\.ts$" },
      to: { path: "^server/dev/", dependencyTypesNot: ["dynamic-import"] },
    },
    {
      name: "production-without-dev-dependencies",
      severity: "error",
      comment:
        "A production start installs dependencies only (npm ci --omit=dev): server code outside server/dev/, the tests and the test plumbing imports no devDependency (types aside).",
      from: { path: "^server/", pathNot: ["^server/dev/", "^server/testing/", TEST] },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "test-helpers-only-in-tests",
      severity: "error",
      comment: "A *.testing.ts helper is for tests; production code must not import it.",
      from: { pathNot: TEST },
      to: { path: "\\.testing\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^dist", "^\\.tmp", "server/db/migrations"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
