import type { CommandOutcome } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { chunkIdList } from "../src/features/terminal/batch";
import {
  isSettled,
  mergeOutcomes,
  movingIds,
  retryTargets,
  shouldPoll,
  summarize,
} from "../src/features/terminal/outcomes";

const outcome = (id: string, terminalId: number, state: CommandOutcome["state"]): CommandOutcome => ({
  id,
  terminalId,
  terminalName: `T${terminalId}`,
  name: "refresh",
  state,
  reason: state === "failed" ? "no space left" : null,
  data: null,
  createDate: "2025-03-10T12:00:00Z",
  doneDate: null,
});

describe("command outcomes", () => {
  const mixed = [
    outcome("a", 1, "done"),
    outcome("b", 2, "failed"),
    outcome("c", 3, "done"),
    outcome("d", 4, "sent"),
    outcome("e", 5, "done"),
    outcome("f", 6, "offline"),
    outcome("g", 7, "timeout"),
  ];

  it("summarises by state in a fixed order, leaving out the empty states", () => {
    expect(summarize(mixed)).toEqual([
      { state: "sent", count: 1 },
      { state: "done", count: 3 },
      { state: "failed", count: 1 },
      { state: "timeout", count: 1 },
      { state: "offline", count: 1 },
    ]);
    expect(summarize([])).toEqual([]);
  });

  it("is settled when nothing is queued or sent", () => {
    expect(isSettled(mixed)).toBe(false);
    expect(isSettled(mixed.filter((o) => o.state !== "sent"))).toBe(true);
    expect(isSettled([outcome("q", 1, "queued")])).toBe(false);
  });

  it("polls while something is moving, and stops when settled, empty or after the limit", () => {
    expect(shouldPoll(mixed, 0, 1000, 60_000)).toBe(true);
    expect(shouldPoll(mixed, 0, 60_000, 60_000)).toBe(false);
    expect(shouldPoll([outcome("a", 1, "done")], 0, 1000, 60_000)).toBe(false);
    expect(shouldPoll([], 0, 1000, 60_000)).toBe(false);
  });

  it("retries the terminals where it failed, timed out or found the screen offline, once each", () => {
    expect(retryTargets(mixed)).toEqual([2, 6, 7]);
    expect(retryTargets([outcome("x", 2, "failed"), outcome("y", 2, "timeout")])).toEqual([2]);
    expect(retryTargets([outcome("a", 1, "done")])).toEqual([]);
  });

  it("asks only about the outcomes still moving", () => {
    expect(movingIds(mixed)).toEqual(["d"]);
  });

  it("merges fresher rows by id and keeps the order shown", () => {
    const fresh = [outcome("d", 4, "done"), outcome("zz", 9, "done")];
    const merged = mergeOutcomes(mixed, fresh);
    expect(merged.map((o) => o.id)).toEqual(mixed.map((o) => o.id));
    expect(merged[3]?.state).toBe("done");
    expect(mergeOutcomes(mixed, [])).toEqual(mixed);
  });

  it("splits long lists of command ids for the results call", () => {
    expect(chunkIdList([], 10)).toEqual([]);
    expect(chunkIdList(["aaa", "bbb", "ccc"], 7)).toEqual(["aaa,bbb", "ccc"]);
    expect(chunkIdList(["aaa", "bbb", "ccc"], 100)).toEqual(["aaa,bbb,ccc"]);
    const ids = Array.from({ length: 1000 }, (_, i) => `cmd-${String(i).padStart(32, "0")}`);
    const lists = chunkIdList(ids, 19_000);
    expect(lists.length).toBeGreaterThan(1);
    for (const l of lists) expect(l.length).toBeLessThanOrEqual(19_000);
    expect(lists.join(",").split(",")).toEqual(ids);
  });
});
