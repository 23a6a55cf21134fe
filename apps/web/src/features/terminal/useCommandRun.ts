import type { CommandOutcome } from "@marquee/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { type CommandName, terminalApi } from "../../services/terminal";
import { BATCH_IDS, chunk, chunkIdList, RESULT_IDS_CHARS } from "./batch";
import { mergeOutcomes, movingIds, retryTargets, shouldPoll } from "./outcomes";

/** Polling interval of command results. */
export const RESULTS_POLL_MS = 1000;
/** Polling gives up after this (every command times out on the server long before). */
export const RESULTS_MAX_MS = 10 * 60_000;

/** One command sent to some terminals, and what became of it on each. */
export interface CommandRun {
  /** Tells runs apart: an answer for an older run is dropped. */
  key: number;
  name: CommandName;
  args: Record<string, unknown>;
  outcomes: CommandOutcome[];
  startedAt: number;
  /** Bumped after a failed poll, so that polling goes on. */
  attempt: number;
  sending: boolean;
}

/**
 * Sends a command and follows its outcomes: commandResults every second until none is queued or sent;
 * `retry` sends it again to the terminals where it failed, timed out or found the screen offline.
 */
export function useCommandRun() {
  const [run, setRun] = useState<CommandRun | null>(null);
  const counter = useRef(0);

  const start = useCallback(
    async (ids: readonly number[], name: CommandName, args: Record<string, unknown> = {}) => {
      counter.current += 1;
      const key = counter.current;
      const base = { key, name, args, outcomes: [], startedAt: Date.now(), attempt: 0 };
      setRun({ ...base, sending: true });
      try {
        const answers = await Promise.all(
          chunk(ids, BATCH_IDS).map((part) => terminalApi.command(part, name, args)),
        );
        const outcomes = answers.flatMap((a) => a.list);
        setRun((r) => (r?.key === key ? { ...base, startedAt: Date.now(), outcomes, sending: false } : r));
      } catch {
        // the http client showed the refusal; nothing more to follow
        setRun((r) => (r?.key === key ? null : r));
      }
    },
    [],
  );

  const retry = useCallback(async () => {
    if (!run) return;
    const ids = retryTargets(run.outcomes);
    if (ids.length) await start(ids, run.name, run.args);
  }, [run, start]);

  const close = useCallback(() => setRun(null), []);

  useEffect(() => {
    if (!run || run.sending || !shouldPoll(run.outcomes, run.startedAt, Date.now(), RESULTS_MAX_MS)) return;
    let cancelled = false;
    const same = (r: CommandRun | null): r is CommandRun => !cancelled && r?.key === run.key;
    const timer = setTimeout(async () => {
      try {
        const lists = chunkIdList(movingIds(run.outcomes), RESULT_IDS_CHARS);
        const answers = await Promise.all(lists.map((list) => terminalApi.commandResults(list)));
        const fresh = answers.flatMap((a) => a.list);
        setRun((r) => (same(r) ? { ...r, outcomes: mergeOutcomes(r.outcomes, fresh) } : r));
      } catch {
        setRun((r) => (same(r) ? { ...r, attempt: r.attempt + 1 } : r));
      }
    }, RESULTS_POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [run]);

  return { run, start, retry, close };
}
