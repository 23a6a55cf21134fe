import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SaveReason, SaveScheduler } from "../src/editor/saveScheduler";

/** A save that stays in flight until the test finishes it. */
function controllableSave() {
  const calls: SaveReason[] = [];
  let finish: (() => void) | null = null;
  let running = 0;
  let maxRunning = 0;
  const run = (reason: SaveReason) => {
    calls.push(reason);
    running++;
    maxRunning = Math.max(maxRunning, running);
    return new Promise<void>((resolve) => {
      finish = () => {
        running--;
        resolve();
      };
    });
  };
  return {
    run,
    calls,
    get maxRunning() {
      return maxRunning;
    },
    async done() {
      finish?.();
      finish = null;
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe("editor save scheduling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("autosaves 3 s after the last change, once for a burst of changes", async () => {
    const save = controllableSave();
    const s = new SaveScheduler(save.run, 3000);
    s.changed();
    await vi.advanceTimersByTimeAsync(2000);
    s.changed();
    await vi.advanceTimersByTimeAsync(2999);
    expect(save.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(save.calls).toEqual(["auto"]);
    await save.done();
    expect(s.busy).toBe(false);
  });

  it("never runs two saves at once; a change during a save schedules another", async () => {
    const save = controllableSave();
    const s = new SaveScheduler(save.run, 3000);
    s.changed();
    await vi.advanceTimersByTimeAsync(3000);
    expect(save.calls).toEqual(["auto"]);
    // A change while the save is on the way: its autosave comes due while the first still runs.
    s.changed();
    await vi.advanceTimersByTimeAsync(3000);
    expect(save.calls).toEqual(["auto"]);
    await save.done();
    expect(save.calls).toEqual(["auto", "auto"]);
    await save.done();
    expect(save.maxRunning).toBe(1);
    expect(s.busy).toBe(false);
  });

  it("saves at once on demand, cancelling the pending autosave, and waits for one in flight", async () => {
    const save = controllableSave();
    const s = new SaveScheduler(save.run, 3000);
    s.changed();
    const manual = s.flush("manual");
    expect(save.calls).toEqual(["manual"]);
    expect(s.scheduled).toBe(false);
    // Ctrl+S again while saving: one more save after this one, not a parallel one.
    const again = s.flush("manual");
    await save.done();
    expect(save.calls).toEqual(["manual", "manual"]);
    await save.done();
    await Promise.all([manual, again]);
    expect(save.maxRunning).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save.calls).toHaveLength(2);
  });

  it("keeps going after a failed save and stops for good when disposed", async () => {
    let n = 0;
    const s = new SaveScheduler(async () => {
      n++;
      throw new Error("network");
    }, 100);
    await s.flush();
    expect(n).toBe(1);
    expect(s.busy).toBe(false);
    s.changed();
    s.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    await s.flush();
    expect(n).toBe(1);
  });
});
