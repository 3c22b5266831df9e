/**
 * Builds the web-chat widget (src/widgets/webchat/widget.ts) as one small IIFE script, dist/webchat/widget.js, after
 * the console's own build: `vite build` (npm run build, npm start, the browser suite, the bundle-size script) makes
 * both. The server serves it at /webchat/widget.js to the sites a tenant allows. No React or Blueprint in it.
 */
import { join, resolve } from "node:path"
import { build, type Plugin } from "vite"

export const WIDGET_ENTRY = "src/widgets/webchat/widget.ts"
export const WIDGET_FILE = "webchat/widget.js"

export const webchatWidget = (): Plugin => {
  let outDir = "dist"
  let root = process.cwd()
  return {
    name: "webchat-widget",
    apply: "build",
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        build: {
          outDir: join(outDir, "webchat"),
          emptyOutDir: false,
          sourcemap: false,
          target: "es2020",
          lib: { entry: resolve(root, WIDGET_ENTRY), formats: ["iife"], name: "WebChatWidget", fileName: () => "widget.js" },
        },
      })
    },
  }
}
