import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import { webchatWidget } from "./scripts/webchat-widget"

export default defineConfig({
  plugins: [react(), webchatWidget()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:8080", "/rt": { target: "http://127.0.0.1:8080", ws: true } },
  },
})
