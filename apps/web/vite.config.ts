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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|antd|@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|classnames|clsx|dayjs|i18next|react-i18next|@tanstack|zustand|react-router|nprogress|dompurify|use-sync-external-store|@emotion|stylis|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|resize-observer-polyfill|json2mq|copy-to-clipboard|toggle-selection|string-convert|zod)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
