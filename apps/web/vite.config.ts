import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
// The files themselves, not the package's index: the config is loaded by Node, which does not resolve the
// package's extensionless imports.
import { LANGUAGE_COOKIE } from "../../packages/contracts/src/constants.ts";
import { LOCALES } from "../../packages/contracts/src/i18n/locales.ts";

/**
 * Each language's catalogue is a chunk of its own, asked for when the console's code has run (src/locales).
 * This puts a few lines in index.html that, while the page is still being parsed, preload the catalogue the
 * language cookie names, so that it arrives alongside the code instead of after it.
 */
function preloadLanguage(): Plugin {
  let base = "/";
  return {
    name: "marquee-preload-language",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const files: Record<string, string> = {};
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type !== "chunk" || !chunk.facadeModuleId) continue;
          const locale = /[\\/]src[\\/]locales[\\/]([A-Za-z_]+)(?:[\\/]index)?\.ts$/.exec(
            chunk.facadeModuleId,
          )?.[1];
          if (locale && (LOCALES as readonly string[]).includes(locale))
            files[locale] = `${base}${chunk.fileName}`;
        }
        if (Object.keys(files).length !== LOCALES.length) {
          throw new Error(`preloadLanguage: found catalogues for ${Object.keys(files).join(", ")} only`);
        }
        const script = `(function(){var f=${JSON.stringify(files)};var m=document.cookie.match(/(?:^|; )${LANGUAGE_COOKIE}=([^;]*)/);var h=m&&f[m[1]];if(!h)return;var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)})()`;
        return [{ tag: "script", children: script, injectTo: "head-prepend" }];
      },
    },
  };
}

/** The console. `vite` serves it with the API proxied to a server on :8080; `vite build` writes dist/. */
export default defineConfig({
  plugins: [react(), preloadLanguage()],
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
