import { useLayoutEffect, useRef } from "react";
import { useRender } from "../context";
import type { WidgetComponentProps } from "./types";

/**
 * Scrolling text: crosses the widget at `speed` design pixels a second in
 * `direction`, continuously (preview/play); the editor shows it at rest. The
 * motion is a Web Animation on the compositor, re-timed when the text or the
 * box changes size, keeping its progress.
 */
export function MarqueeWidget({ widget }: WidgetComponentProps<"marquee">) {
  const ctx = useRender();
  const boxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const p = widget.props;
  const moving = ctx.mode !== "edit";
  const horizontal = p.direction === "left" || p.direction === "right";

  useLayoutEffect(() => {
    const box = boxRef.current;
    const text = textRef.current;
    if (!moving || !box || !text || typeof text.animate !== "function") return;
    let anim: Animation | null = null;
    const start = () => {
      const boxLen = horizontal ? box.clientWidth : box.clientHeight;
      const textLen = horizontal ? text.offsetWidth : text.offsetHeight;
      const duration = ((boxLen + textLen) / p.speed) * 1000;
      if (!(duration > 0)) return;
      const axis = horizontal ? "X" : "Y";
      const forward = p.direction === "left" || p.direction === "up";
      const enter = `translate${axis}(${forward ? boxLen : -textLen}px)`;
      const leave = `translate${axis}(${forward ? -textLen : boxLen}px)`;
      const timing = anim?.effect?.getComputedTiming();
      const progress = timing?.progress ?? 0;
      anim?.cancel();
      anim = text.animate([{ transform: enter }, { transform: leave }], { duration, iterations: Infinity });
      anim.currentTime = progress * duration;
    };
    start();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => start()) : null;
    observer?.observe(box);
    observer?.observe(text);
    return () => {
      observer?.disconnect();
      anim?.cancel();
    };
  }, [moving, horizontal, p.direction, p.speed]);

  return (
    <div
      ref={boxRef}
      style={{
        position: "absolute",
        inset: 0,
        overflow: "hidden",
        display: "flex",
        flexDirection: horizontal ? "row" : "column",
        alignItems: horizontal ? "center" : "stretch",
        background: p.background,
      }}
    >
      <div
        ref={textRef}
        className="mq-marquee-text"
        style={{
          flex: "none",
          whiteSpace: horizontal ? "pre" : "pre-wrap",
          textAlign: horizontal ? undefined : "center",
          fontFamily: p.fontFamily,
          fontSize: p.fontSize,
          color: p.color,
          fontWeight: p.bold ? 700 : 400,
          fontStyle: p.italic ? "italic" : "normal",
          lineHeight: 1.2,
          willChange: moving ? "transform" : undefined,
        }}
      >
        {p.text}
      </div>
    </div>
  );
}
