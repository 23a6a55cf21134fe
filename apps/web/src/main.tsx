import "antd/dist/antd.css";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { i18nReady } from "./locales";
import "./app/global.css";

// Marks on the page's timeline (the performance panel, `BENCH_PAGES_TRACE=1 bench/pages.ts`).
performance.mark("marquee:code");
const root = document.getElementById("root");
// The console's language arrives as a chunk of its own: render once it is there, so no key ever shows.
if (root)
  void i18nReady.finally(() => {
    performance.mark("marquee:language");
    createRoot(root).render(<App />);
  });
