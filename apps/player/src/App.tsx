import {
  MessageView,
  ProgramPlayer,
  type RenderContext,
  RenderProvider,
  ScaledStage,
} from "@marquee/renderer";
import type { ScheduleMessage } from "@marquee/schedule";
import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { PlayerController, PlayerSnapshot } from "./controller";
import type { createFeeds } from "./feeds";
import { type PlayerKey, type PlayerLanguage, screenLabel, t } from "./i18n";
import { triplePress } from "./keys";
import { messageKey, type PlayItem } from "./playlist";
import { PLAYER_VERSION } from "./version";
import { WallStage } from "./WallStage";

/**
 * The screen: the program the schedule picked, full-screen, with the active
 * messages over it (an emergency message without the others, over the
 * program or alone with the program hidden and silent under it), or a calm full-screen message (enrolment code, waiting,
 * no content, disabled). No chrome; the cursor hides after 3 s still; "d"
 * three times shows the diagnostics. The screen's settings turn the stage
 * (rotation) and dim it (brightness); while the timers have the screen off
 * nothing plays and a black layer covers everything, as a panel switched off.
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
  const windowSize = useWindowSize();
  const { screenOn, brightness, rotation } = snap.screen;
  const turned = rotation === 90 || rotation === 270;
  // The stage is the screen as the content sees it: turned a quarter, its width is the window's height.
  const size = turned ? { width: windowSize.height, height: windowSize.width } : windowSize;
  const item = snap.showing?.item;
  const playing = item && snap.state !== "pending" && snap.state !== "disabled" ? item : null;
  // Messages are for authorised screens only (a pending screen shows its code, a disabled one says so).
  const live = snap.state === "authorised";
  const interrupt = live ? snap.interrupt : null;
  const overlays = live ? snap.messages : [];

  // The screenshot shows what the screen shows: the program's stage at its design size, or, with
  // messages over it (or nothing playing), the whole screen at the program's scale.
  const shown = useRef({ playing, messages: overlays.length > 0 || interrupt !== null });
  shown.current = { playing, messages: overlays.length > 0 || interrupt !== null };
  useEffect(() => {
    player.setScreenshotTarget(() => {
      const { playing: p, messages } = shown.current;
      const w = root.current?.clientWidth ?? window.innerWidth;
      const h = root.current?.clientHeight ?? window.innerHeight;
      if (p && !messages) {
        const stage = root.current?.querySelector<HTMLElement>(".mq-stage");
        if (stage) return { element: stage, width: p.doc.width, height: p.doc.height };
      }
      if (!root.current || w <= 0 || h <= 0) return null;
      const k = p ? Math.max(1, p.doc.width / w, p.doc.height / h) : 1;
      return { element: root.current, width: Math.round(w * k), height: Math.round(h * k) };
    });
    return () => player.setScreenshotTarget(null);
  }, [player]);

  let screen: ReactNode;
  if (!screenOn) screen = null;
  else if (interrupt) screen = <div data-testid="interrupted" style={full} />;
  else if (playing)
    screen = (
      <Playing
        player={player}
        item={playing}
        playKey={snap.showing?.playKey ?? ""}
        snap={snap}
        lang={lang}
        feeds={feeds}
      />
    );
  else screen = <Message snap={snap} lang={lang} />;
  // A transformed (or filtered) element holds its fixed-position children: the layers fill the stage.
  // Centred by its offset from the corner, not by `left: 50%` and `translate(-50%)`: in a window of an
  // odd size those two half pixels were rounded apart and everything was drawn half a pixel off, blurred
  // against the editor's preview (the fidelity test's message cases found it).
  const stage: CSSProperties = {
    position: "fixed",
    left: 0,
    top: 0,
    width: size.width,
    height: size.height,
    overflow: "hidden",
    background: "#000",
    transform: `translate(${(windowSize.width - size.width) / 2}px, ${(windowSize.height - size.height) / 2}px) rotate(${rotation}deg)`,
    filter: brightness < 100 ? `brightness(${brightness / 100})` : undefined,
  };
  return (
    <>
      <div ref={root} data-testid="stage" data-rotation={rotation} data-brightness={brightness} style={stage}>
        {screen}
        {screenOn
          ? overlays.map((m) => (
              <MessageLayer key={messageKey(m)} message={m} size={size} onEnded={player.messageEnded} />
            ))
          : null}
      </div>
      {screenOn ? null : <div data-testid="screen-off" style={{ ...full, zIndex: 20_000 }} />}
      {diagnostics ? <Diagnostics snap={snap} lang={lang} /> : null}
    </>
  );
}

/** One message over everything, in a layer the size of the screen (it places itself in it). */
function MessageLayer({
  message,
  size,
  onEnded,
}: {
  message: ScheduleMessage;
  size: { width: number; height: number };
  onEnded: (m: ScheduleMessage) => void;
}) {
  const latest = useRef({ message, onEnded });
  latest.current = { message, onEnded };
  const ended = useMemo(() => () => latest.current.onEnded(latest.current.message), []);
  return (
    <div
      data-testid="message"
      style={{ position: "fixed", inset: 0, overflow: "hidden", pointerEvents: "none", zIndex: 1 }}
    >
      <MessageView doc={message.doc} width={size.width} height={size.height} onEnded={ended} />
    </div>
  );
}

/** The window's size in CSS pixels, following resizes and rotations. */
function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    addEventListener("resize", onResize);
    return () => removeEventListener("resize", onResize);
  }, []);
  return size;
}

function Playing({
  player,
  item,
  playKey,
  snap,
  lang,
  feeds,
}: {
  player: PlayerController;
  item: PlayItem;
  /** A play-now's: a new one starts the program again from its first scene. */
  playKey: string;
  snap: PlayerSnapshot;
  lang: PlayerLanguage;
  feeds: Feeds;
}) {
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
  // A screen of a video wall: its crop of the wall's program, in step with the others (WallStage).
  const wall = snap.manifest?.playNow;
  if (wall?.wall && wall.startAt !== null && wall.programId === item.id && playKey.startsWith("now:"))
    return (
      <div style={full}>
        <RenderProvider value={ctx}>
          <WallStage doc={item.doc} cell={wall.wall} startAt={wall.startAt} host={player.wallHost} />
        </RenderProvider>
      </div>
    );
  return (
    <div style={full}>
      <RenderProvider value={ctx}>
        <ScaledStage width={width} height={height} background="#000">
          <ProgramPlayer
            key={`${item.id}:${item.version}:${playKey}`}
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
  const corner = screenLabel(lang, snap.terminalId, snap.manifest?.terminalName);
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
        {snap.terminalId ? ` · ${screenLabel(lang, snap.terminalId, snap.manifest?.terminalName)}` : ""}
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
  const showing = snap.showing;
  const rows: Array<[PlayerKey, string]> = [
    ["diagTerminal", snap.terminalId ? `#${snap.terminalId}` : none],
    ["diagState", t(lang, (snap.state && stateKey[snap.state]) || "stateUnknown")],
    ["diagConnection", t(lang, snap.connected ? "connected" : "disconnected")],
    ["diagManifest", snap.manifest?.version ?? none],
    [
      "diagProgram",
      showing
        ? `${showing.item.name} (#${showing.item.id}) · ${showing.candidate.planName} · ${showing.candidate.tier}`
        : none,
    ],
    ["diagCache", formatBytes(snap.cacheBytes)],
    [
      "diagDownloads",
      snap.downloads
        ? `${t(lang, "downloadProgress", { done: snap.downloads.done, total: snap.downloads.total })} · ${formatBytes(snap.downloads.bytes)} / ${formatBytes(snap.downloads.totalBytes)}`
        : (snap.lastDownloadError ?? none),
    ],
    [
      "diagScreen",
      `${t(lang, snap.screen.screenOn ? "screenOn" : "screenOff")} · ${snap.screen.brightness}% · ${snap.screen.rotation}°`,
    ],
    [
      "diagClock",
      snap.clock ? t(lang, "clockOffset", { offset: snap.clock.offsetMs, rtt: snap.clock.rttMs }) : none,
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
        // Above the screen-off layer: a technician who asks for it sees it on a dark screen too.
        zIndex: 30_000,
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
