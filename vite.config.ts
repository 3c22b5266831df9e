import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import { webchatWidget } from "./scripts/webchat-widget"
import { preloadTrim } from "./scripts/preload-trim"

const preload = preloadTrim()

export default defineConfig({
  plugins: [react(), webchatWidget(), preload.plugin],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500, modulePreload: preload.modulePreload },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:8080", "/rt": { target: "http://127.0.0.1:8080", ws: true } },
  },
})
