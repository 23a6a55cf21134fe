import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useRender } from "./context";
import type { Loaded, PlayEvent } from "./types";

/** A ref that always holds the latest value, so effects can read callbacks without restarting. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** The clock of the context (pinned by tests and the editor's scrubber), else the real one. */
export function useClock(): () => number {
  const ctx = useRender();
  const now = useLatest(ctx.now);
  return useMemo(() => () => now.current?.() ?? Date.now(), [now]);
}

/**
 * The current time, re-read on each boundary of `periodMs` (1000: every
 * second, on the second), in every mode: the clock ticks in the editor too.
 */
export function useNow(periodMs: number): number {
  const clock = useClock();
  const [now, setNow] = useState(clock);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = clock();
      setNow(t);
      let delay = periodMs - (((t % periodMs) + periodMs) % periodMs);
      if (delay < 20) delay += periodMs;
      timer = setTimeout(tick, delay);
    };
    tick();
    return () => clearTimeout(timer);
  }, [clock, periodMs]);
  return now;
}

/** Calls `fn` every `ms` while `ms` is a positive number; null or 0 stops it. */
export function useInterval(fn: () => void, ms: number | null): void {
  const latest = useLatest(fn);
  useEffect(() => {
    if (!ms || ms <= 0) return;
    const id = setInterval(() => latest.current(), ms);
    return () => clearInterval(id);
  }, [latest, ms]);
}

function isLoaded<T>(v: unknown): v is Loaded<T> {
  return typeof v === "object" && v !== null && "data" in v;
}

/**
 * Loads something of the host (weather, rates, rows) for a query `key`, then
 * again `refreshMs` after each answer (null: once). A rejected promise or a
 * malformed answer is "no data" with the reason, never an exception. While a
 * refresh runs, the last answer stays on screen.
 */
export function useLoaded<T>(
  key: string | null,
  load: () => Promise<Loaded<T>>,
  refreshMs: number | null,
): { loading: boolean; value: Loaded<T> | null } {
  const loader = useLatest(load);
  const [state, setState] = useState<{ key: string | null; value: Loaded<T> | null }>({
    key: null,
    value: null,
  });
  useEffect(() => {
    if (key === null) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      Promise.resolve()
        .then(() => loader.current())
        .then(
          (v): Loaded<T> => (isLoaded<T>(v) ? v : { data: null, reason: "invalid answer" }),
          (e: unknown): Loaded<T> => ({ data: null, reason: e instanceof Error ? e.message : String(e) }),
        )
        .then((value) => {
          if (!alive) return;
          setState({ key, value });
          if (refreshMs && refreshMs > 0) timer = setTimeout(run, refreshMs);
        });
    };
    run();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [key, refreshMs, loader]);
  const value = state.key === key ? state.value : null;
  return { loading: key !== null && value === null, value };
}

/** What a widget reports of itself on a screen (play mode only; nothing in edit or preview). */
export interface PlayReporter {
  mediaStart(materialId: number): void;
  mediaEnd(materialId: number, ms: number): void;
  click(): void;
  error(message: string): void;
}

/** The reporter of one widget of one scene: PlayEvents to ctx.onEvent, in play mode only. */
export function usePlayReporter(widgetId: string, sceneId: string): PlayReporter {
  const ctx = useRender();
  const latest = useLatest(ctx);
  return useMemo(() => {
    const emit = (event: PlayEvent) => {
      const c = latest.current;
      if (c.mode !== "play" || !c.onEvent) return;
      try {
        c.onEvent(event);
      } catch (e) {
        console.error("renderer: onEvent failed", e);
      }
    };
    const at = () => latest.current.now?.() ?? Date.now();
    return {
      mediaStart: (materialId) => emit({ kind: "mediaStart", sceneId, widgetId, materialId, at: at() }),
      mediaEnd: (materialId, ms) => emit({ kind: "mediaEnd", sceneId, widgetId, materialId, at: at(), ms }),
      click: () => emit({ kind: "click", sceneId, widgetId, at: at() }),
      error: (message) => emit({ kind: "error", sceneId, widgetId, message, at: at() }),
    };
  }, [latest, widgetId, sceneId]);
}
