import { type RefObject, useLayoutEffect, useState } from "react";
import type { Size } from "./geometry";

/** Resize debounce of spec §9. */
export const RESIZE_DEBOUNCE_MS = 200;

/**
 * An element's size: measured at once when it mounts, then after it stops
 * changing for the debounce (dragging a window edge does not re-lay the canvas
 * out on every frame).
 */
export function useElementSize(ref: RefObject<HTMLElement | null>, debounceMs = RESIZE_DEBOUNCE_MS): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setSize((prev) =>
        prev.width === el.clientWidth && prev.height === el.clientHeight
          ? prev
          : { width: el.clientWidth, height: el.clientHeight },
      );
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, debounceMs);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, debounceMs]);
  return size;
}
