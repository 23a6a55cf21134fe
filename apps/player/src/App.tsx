import { ProgramPlayer, type RenderContext, RenderProvider, ScaledStage } from "@marquee/renderer";
import { type CSSProperties, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { PlayerController, PlayerSnapshot } from "./controller";
import type { createFeeds } from "./feeds";
import { type PlayerKey, type PlayerLanguage, t } from "./i18n";
import { triplePress } from "./keys";
import type { PlayItem } from "./playlist";
import { PLAYER_VERSION } from "./version";

/**
 * The screen: the program playing full-screen, or a calm full-screen
 * message (enrolment code, waiting, no content, disabled). No chrome; the
 * cursor hides after 3 s still; "d" three times shows the diagnostics.
 */

type Feeds = ReturnType<typeof createFeeds>;

const CURSOR_IDLE_MS = 3000;

const full: CSSProperties = { position: "fixed", inset: 0, overflow: "hidden", background: "#000" };

/** Bytes in a short human form. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

/** The whole player view. */
export function App({
  player,
  lang,
  feeds,
}: {
  player: PlayerController;
  lang: PlayerLanguage;
  feeds: Feeds;
}) {
  const snap = useSyncExternalStore(player.subscribe, player.snapshot);
  const diagnostics = useDiagnosticsToggle();
  useHiddenCursor();
  const root = useRef<HTMLDivElement>(null);
  const item = snap.items[snap.index];
  const playing = item && snap.state !== "pending" && snap.state !== "disabled" ? item : null;

  useEffect(() => {
    if (playing) return;
    player.setScreenshotTarget(() =>
      root.current ? { element: root.current, width: window.innerWidth, height: window.innerHeight } : null,
    );
  }, [player, playing]);

  return (
    <div ref={root} style={full}>
      {playing ? (
        <Playing player={player} item={playing} snap={snap} lang={lang} feeds={feeds} />
      ) : (
        <Message snap={snap} lang={lang} />
      )}
      {diagnostics ? <Diagnostics snap={snap} lang={lang} /> : null}
    </div>
  );
}

function Playing({
  player,
  item,
  snap,
  lang,
  feeds,
}: {
  player: PlayerController;
  item: PlayItem;
  snap: PlayerSnapshot;
  lang: PlayerLanguage;
  feeds: Feeds;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const { media } = snap;
  const ctx = useMemo<RenderContext>(
    () => ({
      mode: "play",
      locale: lang,
      media,
      weather: feeds.weather,
      rates: feeds.rates,
      rows: feeds.rows,
      onEvent: player.playEvent,
    }),
    [media, lang, feeds, player],
  );
  const { width, height } = item.doc;
  useEffect(() => {
    player.setScreenshotTarget(() => {
      const stage = wrap.current?.querySelector<HTMLElement>(".mq-stage");
      return stage ? { element: stage, width, height } : null;
    });
  }, [player, width, height]);
  return (
    <div ref={wrap} style={full}>
      <RenderProvider value={ctx}>
        <ScaledStage width={width} height={height} background="#000">
          <ProgramPlayer
            key={`${item.id}:${item.version}`}
            program={item.doc}
            onEnded={player.programEnded}
          />
        </ScaledStage>
      </RenderProvider>
    </div>
  );
}

/** What the screen says when it plays nothing. */
function Message({ snap, lang }: { snap: PlayerSnapshot; lang: PlayerLanguage }) {
  const corner = snap.terminalId ? t(lang, "screenId", { id: snap.terminalId }) : null;
  if (snap.state === "disabled") return <Quiet text={t(lang, "disabled")} corner={corner} />;
  if (snap.state === "authorised" && snap.manifest)
    return <Quiet text={t(lang, "noContent")} corner={corner} />;
  return <Enrolment snap={snap} lang={lang} />;
}

function Quiet({ text, corner }: { text: string; corner: string | null }) {
  return (
    <div style={{ ...full, display: "grid", placeItems: "center", background: "#0b0f14", color: "#6b7785" }}>
      <div style={{ fontSize: "3vmin", letterSpacing: "0.05em" }}>{text}</div>
      {corner ? (
        <div
          style={{ position: "absolute", right: "2vmin", bottom: "2vmin", fontSize: "1.6vmin", opacity: 0.6 }}
        >
          {corner}
        </div>
      ) : null}
    </div>
  );
}

/** The enrolment view: the code big, the server, one line of instructions; then "authorised — waiting". */
function Enrolment({ snap, lang }: { snap: PlayerSnapshot; lang: PlayerLanguage }) {
  const authorised = snap.state === "authorised";
  let line: PlayerKey = "enrolHint";
  if (authorised) line = "authorisedWaiting";
  else if (!snap.enrolCode) line = snap.registerError ? "unreachable" : "connecting";
  const progress = snap.downloads
    ? t(lang, "downloadProgress", { done: snap.downloads.done, total: snap.downloads.total })
    : null;
  return (
    <div
      style={{
        ...full,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: "3vmin",
        background: "linear-gradient(160deg, #0d1b2a 0%, #1b263b 100%)",
        color: "#e0e6ed",
        fontFamily: "system-ui, 'Noto Sans', 'Noto Sans CJK SC', sans-serif",
        textAlign: "center",
        padding: "4vmin",
      }}
    >
      {!authorised ? (
        <div style={{ fontSize: "3.2vmin", color: "#9fb3c8" }}>{t(lang, "enrolTitle")}</div>
      ) : null}
      {snap.enrolCode && !authorised ? (
        <>
          <div
            style={{
              fontSize: "2.2vmin",
              color: "#9fb3c8",
              textTransform: "uppercase",
              letterSpacing: "0.2em",
            }}
          >
            {t(lang, "enrolCode")}
          </div>
          <div
            data-testid="enrol-code"
            style={{
              fontSize: "16vmin",
              fontWeight: 700,
              letterSpacing: "0.15em",
              fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace",
              color: "#ffffff",
            }}
          >
            {snap.enrolCode}
          </div>
        </>
      ) : null}
      <div style={{ fontSize: authorised ? "4vmin" : "2.8vmin", color: authorised ? "#ffffff" : "#e0e6ed" }}>
        {t(lang, line)}
      </div>
      {progress ? <div style={{ fontSize: "2vmin", color: "#9fb3c8" }}>{progress}</div> : null}
      <div style={{ fontSize: "2vmin", color: "#6b7f95" }}>
        {t(lang, "server")}: {location.host}
        {snap.terminalId ? ` · ${t(lang, "screenId", { id: snap.terminalId })}` : ""}
      </div>
    </div>
  );
}

function Diagnostics({ snap, lang }: { snap: PlayerSnapshot; lang: PlayerLanguage }) {
  const none = t(lang, "none");
  const stateKey: Record<string, PlayerKey> = {
    pending: "statePending",
    authorised: "stateAuthorised",
    disabled: "stateDisabled",
  };
  const program = snap.items[snap.index];
  const rows: Array<[PlayerKey, string]> = [
    ["diagTerminal", snap.terminalId ? `#${snap.terminalId}` : none],
    ["diagState", t(lang, (snap.state && stateKey[snap.state]) || "stateUnknown")],
    ["diagConnection", t(lang, snap.connected ? "connected" : "disconnected")],
    ["diagManifest", snap.manifest?.version ?? none],
    ["diagProgram", program ? `${program.name} (#${program.id})` : none],
    ["diagCache", formatBytes(snap.cacheBytes)],
    [
      "diagDownloads",
      snap.downloads
        ? `${t(lang, "downloadProgress", { done: snap.downloads.done, total: snap.downloads.total })} · ${formatBytes(snap.downloads.bytes)} / ${formatBytes(snap.downloads.totalBytes)}`
        : (snap.lastDownloadError ?? none),
    ],
    ["diagError", snap.lastError ?? none],
    ["diagVersion", PLAYER_VERSION],
  ];
  return (
    <div
      data-testid="diagnostics"
      style={{
        position: "fixed",
        left: 16,
        top: 16,
        zIndex: 10_000,
        padding: "12px 16px",
        background: "rgba(0,0,0,0.8)",
        color: "#e0e6ed",
        font: "14px/1.6 ui-monospace, 'DejaVu Sans Mono', monospace",
        borderRadius: 8,
        maxWidth: "80vw",
      }}
    >
      <div style={{ fontWeight: 700, marginBottom: 6 }}>{t(lang, "diagTitle")}</div>
      {rows.map(([key, value]) => (
        <div key={key} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
          {t(lang, key)}: {value}
        </div>
      ))}
    </div>
  );
}

/** Whether the diagnostics overlay is open ("d" three times toggles it). */
function useDiagnosticsToggle(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let presses: number[] = [];
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== "d" || e.repeat) return;
      const r = triplePress(presses, performance.now());
      presses = r.presses;
      if (r.fire) setOpen((o) => !o);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return open;
}

/** Hides the mouse pointer after CURSOR_IDLE_MS without movement (index.html styles the "idle" class). */
function useHiddenCursor(): void {
  useEffect(() => {
    const html = document.documentElement;
    const idle = () => html.classList.add("idle");
    let timer = setTimeout(idle, CURSOR_IDLE_MS);
    const onMove = () => {
      html.classList.remove("idle");
      clearTimeout(timer);
      timer = setTimeout(idle, CURSOR_IDLE_MS);
    };
    addEventListener("mousemove", onMove);
    return () => {
      clearTimeout(timer);
      removeEventListener("mousemove", onMove);
    };
  }, []);
}
