import { createRoot } from "react-dom/client";
import { App } from "./App";
import { PlayerController } from "./controller";
import { createFeeds } from "./feeds";
import { pickLanguage } from "./i18n";
import { captureConsole, LogRing } from "./log";
import { cacheStore, memoryMediaStore } from "./mediaStore";
import { browserStore } from "./storage";
import { VolumeControl } from "./volume";

/**
 * The web player's entry: wires the browser (storage, Cache Storage, the
 * Service Worker, WebSocket) to the controller and renders the screen.
 * `?model=`, `?name=` and `?lang=` let an installer label a screen.
 */

const params = new URLSearchParams(location.search);
// The last lines of the console, for an operator who turns debugging on (before anything logs).
const log = new LogRing();
captureConsole(console, log);
addEventListener("error", (e) =>
  log.add("error", e.message || "error", e.filename ? `${e.filename}:${e.lineno}` : ""),
);
addEventListener("unhandledrejection", (e) => log.add("error", "unhandled rejection:", e.reason));
const withCache = window.isSecureContext && typeof caches !== "undefined";

if (withCache && import.meta.env.PROD && "serviceWorker" in navigator)
  navigator.serviceWorker
    .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
    .catch((e: unknown) => console.warn("player: the Service Worker did not register", e));

const volume = new VolumeControl(document.body);
volume.start();

const player = new PlayerController({
  origin: location.origin,
  kv: browserStore(),
  store: withCache ? cacheStore(() => Boolean(navigator.serviceWorker?.controller)) : memoryMediaStore(),
  params,
  applyVolume: (v) => volume.setVolume(v),
  reload: () => void reload(),
  geolocation: "geolocation" in navigator ? navigator.geolocation : null,
  log,
});

/** Reloads into the player build the server serves now (the Service Worker checks for a new one first). */
async function reload(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await Promise.race([registration?.update(), new Promise((r) => setTimeout(r, 3000))]);
  } catch {
    // No Service Worker, or the server is away: the page reloads from what answers.
  }
  location.reload();
}

const lang = pickLanguage(
  params.get("lang")
    ? [params.get("lang") ?? ""]
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
);
document.documentElement.lang = lang.replace("_", "-");

const root = document.getElementById("root");
if (root)
  createRoot(root).render(<App player={player} lang={lang} feeds={createFeeds(fetch, location.origin)} />);
void player.start();
