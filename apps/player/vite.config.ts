import { createHash } from "node:crypto";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";

const swEntry = new URL("./src/sw.ts", import.meta.url).pathname;

/**
 * Builds src/sw.ts as /player/sw.js, one classic script with nothing shared
 * with the page's chunks (a module worker would shut out browsers without
 * module Service Workers), after the page is bundled so it can carry the list
 * of built files to precache and an id that changes with them.
 */
function serviceWorker(): Plugin {
  return {
    name: "marquee-player-sw",
    apply: "build",
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => f !== "index.html" && !f.endsWith(".map"))
        .sort();
      const hash = createHash("sha256");
      for (const f of files) hash.update(`${f}\n`);
      const index = bundle["index.html"];
      if (index?.type === "asset") hash.update(index.source);
      const out = await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        define: {
          __PRECACHE__: JSON.stringify(files),
          __BUILD_ID__: JSON.stringify(hash.digest("hex").slice(0, 16)),
        },
        build: {
          write: false,
          minify: true,
          copyPublicDir: false,
          rolldownOptions: { input: swEntry, output: { format: "iife", entryFileNames: "sw.js" } },
        },
      });
      const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
      const chunk = outputs
        .flatMap((o) => o.output)
        .find((o) => o.type === "chunk" && o.fileName === "sw.js");
      if (chunk?.type !== "chunk") throw new Error("the Service Worker did not build");
      this.emitFile({ type: "asset", fileName: "sw.js", source: chunk.code });
    },
  };
}

/** The web player, served by the server at /player/ (`vite build` writes dist/). */
export default defineConfig({
  base: "/player/",
  plugins: [react(), serviceWorker()],
  server: { proxy: { "/apm-web": { target: "http://127.0.0.1:8080", ws: true } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
