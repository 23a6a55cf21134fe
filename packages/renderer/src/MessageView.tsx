import { hidesProgram, type MessageDoc } from "@marquee/schedule";
import { type CSSProperties, type ReactNode, useCallback, useEffect, useState } from "react";
import { useLatest } from "./hooks";
import { useRendererStyles } from "./styles";

export interface MessageViewProps {
  doc: MessageDoc;
  /** The screen (or preview box) size in pixels: sizes in the doc are for a 1080-pixel-high screen. */
  width: number;
  height: number;
  /** Called once the message has been shown `repeat` times (never when repeat is 0). */
  onEnded?: () => void;
}

/** The screen height a message's sizes and speed are given for. */
export const MESSAGE_DESIGN_HEIGHT = 1080;
/** The frame and badge colour of an emergency message, whatever its own colours. */
export const EMERGENCY_RED = "#d32f2f";

/** How much a message's sizes grow on a screen `height` pixels high (0 when it has no height). */
export function messageScale(height: number): number {
  return height > 0 ? height / MESSAGE_DESIGN_HEIGHT : 0;
}

/**
 * One pass of a scrolling line, in milliseconds: the text enters at the right
 * edge and leaves past the left one, so it travels the box and its own width.
 * `speed` is in the same pixels as the widths; 0 when it cannot move.
 */
export function scrollDurationMs(boxWidth: number, textWidth: number, speed: number): number {
  if (!(speed > 0) || !(boxWidth + textWidth > 0)) return 0;
  return ((boxWidth + textWidth) / speed) * 1000;
}

/** A `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` colour (or transparent) at `opacity` percent, as CSS. */
export function colorWithOpacity(color: string, opacity: number): string {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color)?.[1];
  if (!hex) return "transparent";
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((p) => Number.parseInt(p, 16));
  const alpha = Math.round((a / 255) * (Math.min(100, Math.max(0, opacity)) / 100) * 1000) / 1000;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

const GENERIC_FONTS = new Set(["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]);

/**
 * The CSS font stack of a typed family list ("Noto Sans SC, Arial"): each name
 * quoted (a name with digits or symbols is no CSS identifier), generic
 * families kept, sans-serif last as the fallback.
 */
export function fontStack(family: string): string {
  const names = family
    .split(",")
    .map((n) => n.trim().replace(/^["']|["']$/g, ""))
    .filter(Boolean)
    .map((n) => (GENERIC_FONTS.has(n.toLowerCase()) ? n.toLowerCase() : `"${n.replace(/["\\]/g, "")}"`));
  if (!names.includes("sans-serif")) names.push("sans-serif");
  return names.join(", ");
}

/**
 * How a message is laid out: as typed, except an emergency message shown
 * alone, which fills the screen in its own background at full opacity (the
 * program is hidden under it, so a band on black would read as a fault).
 */
export function messageLayout(doc: MessageDoc): MessageDoc {
  return hidesProgram(doc) ? { ...doc, position: "full", opacity: 100 } : doc;
}

/**
 * A message over the program: a scrolling line at the top or bottom (or in the
 * middle of a dimmed screen), or a notice (a band, or the whole screen); an
 * emergency message shown alone takes the whole screen (messageLayout). The
 * console's preview and the player draw messages with this one component; the
 * host decides when it shows and removes it once `onEnded` is called.
 */
export function MessageView({ doc: typed, width, height, onEnded }: MessageViewProps) {
  useRendererStyles();
  const [ended, setEnded] = useState(false);
  const endedRef = useLatest(onEnded);
  const end = useCallback(() => {
    setEnded(true);
    endedRef.current?.();
  }, [endedRef]);

  const doc = messageLayout(typed);
  const alone = hidesProgram(typed);
  const scale = messageScale(height);
  const fontPx = doc.fontSize * scale;
  const emergency = doc.priority === "emergency";
  const frame = Math.max(2, Math.round(8 * scale));
  const text: CSSProperties = {
    fontFamily: fontStack(doc.fontFamily),
    fontSize: fontPx,
    fontWeight: doc.bold ? 700 : 400,
    color: doc.color,
    lineHeight: 1.3,
  };

  return (
    <div
      data-testid="mq-message"
      data-kind={doc.kind}
      data-priority={doc.priority}
      data-position={doc.position}
      data-display={typed.priority === "emergency" ? (alone ? "alone" : "over") : undefined}
      data-ended={ended ? "true" : undefined}
      style={{
        position: "absolute",
        left: 0,
        top: 0,
        width,
        height,
        overflow: "hidden",
        pointerEvents: "none",
        display: ended ? "none" : undefined,
        // Alone, nothing shows through: a transparent background reads as black, as on the screen.
        background: alone ? "#000" : undefined,
      }}
    >
      {doc.kind === "scroll" ? (
        <ScrollLine doc={doc} width={width} scale={scale} text={text} frame={frame} onEnded={end} />
      ) : (
        <Notice doc={doc} scale={scale} text={text} frame={frame} onEnded={end} />
      )}
      {emergency && doc.position === "full" ? (
        // The whole screen framed in red: nobody takes it for an advertisement.
        <div
          data-testid="mq-message-emergency"
          style={{ position: "absolute", inset: 0, boxShadow: `inset 0 0 0 ${frame * 2}px ${EMERGENCY_RED}` }}
        />
      ) : null}
    </div>
  );
}

interface PartProps {
  doc: MessageDoc;
  scale: number;
  text: CSSProperties;
  frame: number;
  onEnded: () => void;
}

/** The band of a top or bottom message: the doc's background, framed in red when it is an emergency. */
function bandCss(doc: MessageDoc, frame: number): CSSProperties {
  const border = doc.priority === "emergency" ? `${frame}px solid ${EMERGENCY_RED}` : undefined;
  const place: CSSProperties =
    doc.position === "top" ? { top: 0 } : doc.position === "bottom" ? { bottom: 0 } : { top: "50%" };
  return {
    position: "absolute",
    left: 0,
    right: 0,
    ...place,
    transform: doc.position === "full" ? "translateY(-50%)" : undefined,
    overflow: "hidden",
    boxSizing: "border-box",
    background: doc.position === "full" ? undefined : colorWithOpacity(doc.background, doc.opacity),
    borderTop: border,
    borderBottom: border,
  };
}

/** The dimmed screen behind a full-screen message. */
function FullBackground({ doc }: { doc: MessageDoc }) {
  return (
    <div
      data-testid="mq-message-backdrop"
      style={{ position: "absolute", inset: 0, background: colorWithOpacity(doc.background, doc.opacity) }}
    />
  );
}

/** The red warning mark of an emergency message (no words: the screen's language is unknown here). */
function EmergencyBadge({ size, style }: { size: number; style?: CSSProperties }): ReactNode {
  return (
    <span
      aria-hidden
      data-testid="mq-message-badge"
      style={{
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        flex: "none",
        width: size,
        height: size,
        background: EMERGENCY_RED,
        color: "#fff",
        fontSize: size * 0.6,
        fontWeight: 700,
        fontFamily: "sans-serif",
        ...style,
      }}
    >
      ⚠
    </span>
  );
}

/**
 * A line crossing the screen right to left at the doc's speed: a CSS
 * animation whose length comes from the measured text. The track starts one
 * screen width to the right of its text (padding), so moving it by its own
 * width takes the text from the right edge to just past the left one.
 */
function ScrollLine({ doc, width, scale, text, frame, onEnded }: PartProps & { width: number }) {
  const [textWidth, setTextWidth] = useState<number | null>(null);
  const measure = useCallback((el: HTMLSpanElement | null) => {
    if (!el) return;
    const read = () => setTextWidth(el.offsetWidth);
    read();
    // The width changes when a web font arrives or the size changes: the animation is re-timed.
    if (typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const speed = doc.speed * scale;
  const duration = textWidth === null ? 0 : Math.round(scrollDurationMs(width, textWidth, speed));
  const repeat = doc.repeat;

  useEffect(() => {
    if (repeat <= 0 || duration <= 0) return;
    const timer = setTimeout(onEnded, duration * repeat);
    return () => clearTimeout(timer);
  }, [duration, repeat, onEnded]);

  const bandHeight =
    Math.ceil((text.fontSize as number) * 1.6) + (doc.priority === "emergency" ? frame * 2 : 0);
  return (
    <>
      {doc.position === "full" ? <FullBackground doc={doc} /> : null}
      <div data-testid="mq-message-band" style={{ ...bandCss(doc, frame), height: bandHeight }}>
        <div
          // A new length restarts the pass from the right edge, in step with the end timer.
          key={duration}
          data-testid="mq-message-track"
          data-duration={duration || undefined}
          style={{
            position: "absolute",
            left: 0,
            top: 0,
            bottom: 0,
            width: "max-content",
            display: "flex",
            alignItems: "center",
            paddingLeft: width,
            whiteSpace: "nowrap",
            willChange: "transform",
            animation:
              duration > 0
                ? `mq-msg-scroll ${duration}ms linear 0s ${repeat > 0 ? repeat : "infinite"} both`
                : undefined,
          }}
        >
          <span ref={measure} style={{ ...text, whiteSpace: "nowrap" }}>
            {doc.text}
          </span>
        </div>
        {doc.priority === "emergency" ? (
          <EmergencyBadge
            size={bandHeight - frame * 2}
            style={{ position: "absolute", left: 0, top: 0, padding: `0 ${Math.round(bandHeight * 0.2)}px` }}
          />
        ) : null}
      </div>
    </>
  );
}

/**
 * A notice: the text centred in a band or on the whole screen, shown
 * `noticeSec` seconds `repeat` times (each showing fades in again), then ended.
 */
function Notice({ doc, scale, text, frame, onEnded }: PartProps) {
  const [showing, setShowing] = useState(0);
  const repeat = doc.repeat;
  const ms = doc.noticeSec * 1000;

  useEffect(() => {
    if (repeat <= 0) return;
    const timer = setTimeout(() => {
      if (showing + 1 >= repeat) onEnded();
      else setShowing(showing + 1);
    }, ms);
    return () => clearTimeout(timer);
  }, [showing, repeat, ms, onEnded]);

  const emergency = doc.priority === "emergency";
  const fontPx = text.fontSize as number;
  const body = (
    <div
      key={showing}
      data-testid="mq-message-text"
      data-showing={showing + 1}
      style={{
        ...text,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        gap: fontPx * 0.4,
        textAlign: "center",
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        animation: "mq-fade-in 300ms ease-out",
      }}
    >
      {emergency ? <EmergencyBadge size={Math.round(fontPx * 1.2)} /> : null}
      <span>{doc.text}</span>
    </div>
  );

  if (doc.position === "full") {
    return (
      <>
        <FullBackground doc={doc} />
        <div
          data-testid="mq-message-band"
          style={{
            position: "absolute",
            inset: 0,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            padding: `${Math.round(60 * scale)}px ${Math.round(120 * scale)}px`,
            boxSizing: "border-box",
          }}
        >
          {body}
        </div>
      </>
    );
  }
  return (
    <div
      data-testid="mq-message-band"
      style={{
        ...bandCss(doc, frame),
        maxHeight: "100%",
        padding: `${Math.round(fontPx * 0.35)}px ${Math.round(fontPx)}px`,
      }}
    >
      {body}
    </div>
  );
}
