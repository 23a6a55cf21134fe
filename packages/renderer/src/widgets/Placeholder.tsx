import type { CSSProperties } from "react";
import { Icon, type IconName } from "./icons";

/** The states a widget shows instead of its content. */
export type PlaceholderState = "missing" | "empty" | "noData" | "loading" | "error";

const TONES: Record<PlaceholderState, { border: string; background: string; icon: IconName | null }> = {
  missing: { border: "#faad14", background: "rgba(0,0,0,0.55)", icon: "media" },
  empty: { border: "rgba(255,255,255,0.45)", background: "rgba(0,0,0,0.35)", icon: null },
  noData: { border: "rgba(255,255,255,0.45)", background: "rgba(0,0,0,0.45)", icon: null },
  loading: { border: "transparent", background: "transparent", icon: null },
  error: { border: "#ff4d4f", background: "rgba(0,0,0,0.55)", icon: "warning" },
};

/**
 * A widget's stand-in: missing media, no data, loading, an error. It is sized
 * from the widget's frame so it stays legible on a 4K canvas and in a small
 * widget alike, and says the reason in small text when there is one.
 */
export function Placeholder({
  state,
  title,
  detail,
  frame,
  icon,
}: {
  state: PlaceholderState;
  title: string;
  detail?: string | null;
  frame: { w: number; h: number };
  icon?: IconName;
}) {
  const tone = TONES[state];
  const size = Math.max(10, Math.min(48, Math.min(frame.w / 12, frame.h / 4)));
  const iconName = icon ?? tone.icon;
  const style: CSSProperties = {
    position: "absolute",
    inset: 0,
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    justifyContent: "center",
    gap: size * 0.3,
    padding: size * 0.4,
    boxSizing: "border-box",
    overflow: "hidden",
    textAlign: "center",
    color: "#ffffff",
    fontFamily: "sans-serif",
    fontSize: size,
    lineHeight: 1.25,
    background: tone.background,
    border: `${Math.max(1, size / 10)}px dashed ${tone.border}`,
  };
  return (
    <div className="mq-placeholder" data-state={state} role="status" style={style}>
      {iconName && frame.h > size * 3 ? <Icon name={iconName} size={size * 1.6} /> : null}
      <div>{title}</div>
      {detail ? (
        <div style={{ fontSize: size * 0.6, opacity: 0.75, wordBreak: "break-word" }}>{detail}</div>
      ) : null}
    </div>
  );
}
