import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The console. `vite` serves it with the API proxied to a server on :8080; `vite build` writes dist/. */
export default defineConfig({
  plugins: [react()],
  // ws: the debugging page's socket (/apm-web/a/api/debug/ws) goes through too; the Origin stays the
  // browser's (no changeOrigin), which the server's cross-site check compares with the Host.
  server: { proxy: { "/apm-web": { target: "http://127.0.0.1:8080", ws: true } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
