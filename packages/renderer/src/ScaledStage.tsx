import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useLatest } from "./hooks";

/** Sizes in CSS pixels (the container) or design pixels (the program). */
export interface Box {
  width: number;
  height: number;
}

/**
 * The scale that fits a design inside a container whole (letterboxed), and
 * the offsets that centre it; 0 when either has no area.
 */
export function fitScale(container: Box, design: Box): { scale: number; x: number; y: number } {
  if (container.width <= 0 || container.height <= 0 || design.width <= 0 || design.height <= 0)
    return { scale: 0, x: 0, y: 0 };
  const scale = Math.min(container.width / design.width, container.height / design.height);
  return {
    scale,
    x: (container.width - design.width * scale) / 2,
    y: (container.height - design.height * scale) / 2,
  };
}

/** Props of ScaledStage. */
export interface ScaledStageProps {
  /** Design size of the content (the program's canvas). */
  width: number;
  height: number;
  children: ReactNode;
  /** Told the scale whenever it changes (for the §3 preview state). */
  onScale?: (scale: number) => void;
  /** Colour of the bars around a letterboxed design. */
  background?: string;
  className?: string;
  style?: CSSProperties;
  /**
   * Shows only this rectangle of the design (design px), scaled to fit as a
   * whole design would be: a screen of a video wall showing its crop.
   */
  crop?: { x: number; y: number; width: number; height: number };
}

/**
 * Fills its parent and shows design-size content scaled to fit, centred,
 * with a CSS transform (coordinates are never rewritten). It follows the
 * parent's size with a ResizeObserver, or window resizes where there is none.
 */
export function ScaledStage({
  width,
  height,
  children,
  onScale,
  background,
  className,
  style,
  crop,
}: ScaledStageProps) {
  const outer = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Box>({ width: 0, height: 0 });
  const scaleRef = useLatest(onScale);

  useLayoutEffect(() => {
    const el = outer.current;
    if (!el) return;
    const measure = () => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      setBox((b) => (b.width === next.width && b.height === next.height ? b : next));
    };
    measure();
    if (typeof ResizeObserver === "function") {
      const observer = new ResizeObserver(measure);
      observer.observe(el);
      return () => observer.disconnect();
    }
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  const fit = fitScale(box, crop ?? { width, height });
  const x = fit.x - (crop?.x ?? 0) * fit.scale;
  const y = fit.y - (crop?.y ?? 0) * fit.scale;
  useLayoutEffect(() => {
    scaleRef.current?.(fit.scale);
  }, [fit.scale, scaleRef]);

  return (
    <div
      ref={outer}
      className={className}
      style={{
        position: "relative",
        width: "100%",
        height: "100%",
        overflow: "hidden",
        background,
        ...style,
      }}
    >
      <div
        className="mq-stage"
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          width,
          height,
          transformOrigin: "0 0",
          transform: `translate(${x}px, ${y}px) scale(${fit.scale})`,
          visibility: fit.scale > 0 ? "visible" : "hidden",
        }}
      >
        {children}
      </div>
    </div>
  );
}
