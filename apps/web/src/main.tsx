import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { i18nReady } from "./locales";
import "./app/global.css";

const root = document.getElementById("root");
// The console's language arrives as a chunk of its own: render once it is there, so no key ever shows.
if (root) void i18nReady.finally(() => createRoot(root).render(<App />));
