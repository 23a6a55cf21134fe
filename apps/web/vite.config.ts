import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The console. `vite` serves it with the API proxied to a server on :8080; `vite build` writes dist/. */
export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/apm-web": "http://127.0.0.1:8080" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
