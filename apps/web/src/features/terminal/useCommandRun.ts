import type { CommandOutcome } from "@marquee/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { type CommandName, terminalApi, terminalSetApi } from "./api";
import { BATCH_IDS, chunk, chunkIdList, RESULT_IDS_CHARS } from "./batch";
import {
  isSettled,
  mergeOutcomes,
  movingIds,
  replaceByTerminal,
  retryCommandIds,
  shouldPoll,
} from "./outcomes";

/** Polling interval of command results. */
export const RESULTS_POLL_MS = 1000;
/** Polling gives up after this (every command times out on the server long before). */
export const RESULTS_MAX_MS = 10 * 60_000;

/** One command sent to some terminals, and what became of it on each. */
export interface CommandRun {
  /** Tells runs apart: an answer for an older run is dropped. */
  key: number;
  /** The command (COMMAND_NAMES of the protocol): the drawer's title. */
  name: string;
  outcomes: CommandOutcome[];
  startedAt: number;
  /** Bumped after a failed poll, so that polling goes on. */
  attempt: number;
  sending: boolean;
  /** The failed ones are being sent again: their rows stay until the new outcomes replace them. */
  retrying: boolean;
}

/** Sends one batch and answers the outcomes per terminal (a terminalSet call, or POST terminal/command). */
export type SendBatch = (ids: readonly number[]) => Promise<{ list: CommandOutcome[] }>;

/**
 * Sends a command and follows its outcomes: commandResults every second until none is queued or sent.
 * `retry` sends again (terminalSet/retry) the commands that failed, timed out or found the screen offline;
 * their new outcomes take the old rows' places and are followed the same way.
 */
export function useCommandRun(opts: { onSettled?: () => void } = {}) {
  const [run, setRun] = useState<CommandRun | null>(null);
  const counter = useRef(0);
  const onSettled = useRef(opts.onSettled);
  onSettled.current = opts.onSettled;
  /** The run whose settling was told (each run once, a retry's once more). */
  const told = useRef<string | null>(null);

  // Once every outcome of a run is final, whoever asked hears it (the map reads the stored positions again).
  useEffect(() => {
    if (!run || run.sending || run.retrying || !run.outcomes.length || !isSettled(run.outcomes)) return;
    const mark = `${run.key}:${run.startedAt}`;
    if (told.current === mark) return;
    told.current = mark;
    onSettled.current?.();
  }, [run]);

  /** Shows a new run while `work` sends it; resolves whether it was sent. */
  const begin = useCallback(async (name: string, work: () => Promise<CommandOutcome[]>) => {
    counter.current += 1;
    const key = counter.current;
    const base = { key, name, outcomes: [], startedAt: Date.now(), attempt: 0, retrying: false };
    setRun({ ...base, sending: true });
    try {
      const outcomes = await work();
      setRun((r) => (r?.key === key ? { ...base, startedAt: Date.now(), outcomes, sending: false } : r));
      return true;
    } catch {
      // the http client showed the refusal (or the caller shows it); nothing more to follow
      setRun((r) => (r?.key === key ? null : r));
      return false;
    }
  }, []);

  /** Sends `name` to the terminals with `call`, in batches of BATCH_IDS. */
  const send = useCallback(
    (ids: readonly number[], name: string, call: SendBatch) =>
      begin(name, async () => {
        const answers = await Promise.all(chunk(ids, BATCH_IDS).map((part) => call(part)));
        return answers.flatMap((a) => a.list);
      }),
    [begin],
  );

  /** Follows outcomes a call already answered (an update sent with its upload). */
  const follow = useCallback(
    (name: string, outcomes: CommandOutcome[]) => begin(name, async () => outcomes),
    [begin],
  );

  /** A basic command through POST terminal/command. */
  const start = useCallback(
    (ids: readonly number[], name: CommandName, args: Record<string, unknown> = {}) =>
      send(ids, name, (part) => terminalApi.command(part, name, args)),
    [send],
  );

  const retry = useCallback(async () => {
    if (!run || run.sending || run.retrying) return;
    const commandIds = retryCommandIds(run.outcomes);
    if (!commandIds.length) return;
    const key = run.key;
    setRun((r) => (r?.key === key ? { ...r, retrying: true } : r));
    try {
      const answers = await Promise.all(
        chunk(commandIds, BATCH_IDS).map((part) => terminalSetApi.retry(part)),
      );
      const fresh = answers.flatMap((a) => a.list);
      setRun((r) =>
        r?.key === key
          ? { ...r, outcomes: replaceByTerminal(r.outcomes, fresh), startedAt: Date.now(), retrying: false }
          : r,
      );
    } catch {
      setRun((r) => (r?.key === key ? { ...r, retrying: false } : r));
    }
  }, [run]);

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

  return { run, start, send, follow, retry, close };
}
