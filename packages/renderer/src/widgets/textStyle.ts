import type { TextStyle } from "@marquee/program";
import type { CSSProperties } from "react";

const JUSTIFY = { top: "flex-start", middle: "center", bottom: "flex-end" } as const;

/** The box of a text-like widget: its background, and its text placed by `valign`. */
export function textBoxCss(s: Pick<TextStyle, "background" | "valign">): CSSProperties {
  return {
    position: "absolute",
    inset: 0,
    display: "flex",
    flexDirection: "column",
    justifyContent: JUSTIFY[s.valign],
    overflow: "hidden",
    background: s.background,
  };
}

/** The text itself: font, colour, alignment, spacing, as the editor's text style says. */
export function textCss(s: TextStyle): CSSProperties {
  return {
    fontFamily: s.fontFamily,
    fontSize: s.fontSize,
    color: s.color,
    fontWeight: s.bold ? 700 : 400,
    fontStyle: s.italic ? "italic" : "normal",
    textDecoration: s.underline ? "underline" : "none",
    textAlign: s.align,
    lineHeight: s.lineHeight,
    letterSpacing: s.letterSpacing,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
  };
}

/** Font and colours shared by the clock, date, countdown and data widgets. */
export function fontBoxCss(p: {
  fontFamily: string;
  fontSize: number;
  color: string;
  background: string;
}): CSSProperties {
  return {
    position: "absolute",
    inset: 0,
    overflow: "hidden",
    boxSizing: "border-box",
    fontFamily: p.fontFamily,
    fontSize: p.fontSize,
    color: p.color,
    background: p.background,
  };
}
