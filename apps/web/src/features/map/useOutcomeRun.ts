import type { CommandOutcome } from "@marquee/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { HttpError } from "../../services/http";
import { isSettled, mergeOutcomes, movingIds } from "../terminal/outcomes";
import { mapApi } from "./api";

/** Polling interval of the outcomes, and when polling gives up (the server times commands out before). */
const POLL_MS = 1000;
const MAX_MS = 5 * 60_000;

export type RunKind = "position" | "autoOn" | "autoOff";

/** One action of the map sent to terminals, and what became of it on each. */
export interface OutcomeRun {
  key: number;
  kind: RunKind;
  outcomes: CommandOutcome[];
  sending: boolean;
  startedAt: number;
}

/**
 * Sends an action that answers one outcome per terminal (ask for the position,
 * automatic position on/off) and follows the outcomes until none is queued or
 * sent; `onSettled` runs then (the map reads the stored positions again).
 */
export function useOutcomeRun(onSettled: () => void) {
  const [run, setRun] = useState<OutcomeRun | null>(null);
  const counter = useRef(0);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const start = useCallback(async (kind: RunKind, send: () => Promise<{ list: CommandOutcome[] }>) => {
    counter.current += 1;
    const key = counter.current;
    setRun({ key, kind, outcomes: [], sending: true, startedAt: Date.now() });
    try {
      const { list } = await send();
      setRun((r) => (r?.key === key ? { ...r, outcomes: list, sending: false, startedAt: Date.now() } : r));
      if (isSettled(list)) settled.current();
    } catch {
      // the http client showed the refusal
      setRun((r) => (r?.key === key ? null : r));
    }
  }, []);

  const close = useCallback(() => setRun(null), []);

  useEffect(() => {
    if (!run || run.sending || isSettled(run.outcomes) || Date.now() - run.startedAt > MAX_MS) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const { list } = await mapApi.results(movingIds(run.outcomes).join(","));
        if (cancelled) return;
        const outcomes = mergeOutcomes(run.outcomes, list);
        setRun((r) => (r?.key === run.key ? { ...r, outcomes } : r));
        if (isSettled(outcomes)) settled.current();
      } catch (err) {
        if (cancelled) return;
        // Without the right to read results there is nothing more to follow; otherwise try again.
        if (err instanceof HttpError && err.status === 403) {
          setRun((r) => (r?.key === run.key ? { ...r, startedAt: 0 } : r));
          settled.current();
        } else setRun((r) => (r?.key === run.key ? { ...r } : r));
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [run]);

  return { run, start, close };
}
