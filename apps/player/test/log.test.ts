import { LogFrame } from "@marquee/terminal-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureConsole, DebugStream, LOG_BATCH, LogRing, textOf } from "../src/log";

describe("log ring", () => {
  it("keeps the last lines, oldest first, as text", () => {
    const ring = new LogRing(3);
    for (let i = 1; i <= 5; i++) ring.add("info", "line", i, { n: i });
    expect(ring.snapshot().map((l) => l.text)).toEqual([
      'line 3 {"n":3}',
      'line 4 {"n":4}',
      'line 5 {"n":5}',
    ]);
    expect(textOf(new Error("boom"))).toContain("boom");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(textOf(cyclic)).toBe("[object Object]");
    ring.add("warn", "x".repeat(5000));
    expect(ring.snapshot().at(-1)?.text.length).toBe(4000);
  });

  it("copies the console into the ring, still printing, until undone", () => {
    const printed: string[] = [];
    const target = {
      debug: (...a: unknown[]) => printed.push(`d:${a.join(" ")}`),
      info: (...a: unknown[]) => printed.push(`i:${a.join(" ")}`),
      warn: (...a: unknown[]) => printed.push(`w:${a.join(" ")}`),
      error: (...a: unknown[]) => printed.push(`e:${a.join(" ")}`),
    };
    const ring = new LogRing();
    const undo = captureConsole(target, ring);
    target.warn("disk", "low");
    target.error("failed");
    undo();
    target.info("after");
    expect(printed).toEqual(["w:disk low", "e:failed", "i:after"]);
    expect(ring.snapshot().map((l) => [l.level, l.text])).toEqual([
      ["warn", "disk low"],
      ["error", "failed"],
    ]);
  });
});

describe("debug stream", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => vi.useRealTimers());

  it("sends the ring first, then new lines every half second in frames of at most 200, until its time is up", () => {
    const ring = new LogRing();
    for (let i = 0; i < 450; i++) ring.add("debug", `old ${i}`);
    const frames: number[] = [];
    const stream = new DebugStream(ring, (lines) => {
      expect(LogFrame.safeParse({ type: "log", lines }).success).toBe(true);
      frames.push(lines.length);
      return true;
    });
    stream.start(10);
    expect(frames).toEqual([LOG_BATCH, LOG_BATCH, 50]);
    ring.add("info", "a");
    ring.add("info", "b");
    expect(frames).toHaveLength(3);
    vi.advanceTimersByTime(500);
    expect(frames).toEqual([200, 200, 50, 2]);
    expect(stream.until).toBe(1_000_000 + 10_000);
    vi.advanceTimersByTime(10_000);
    expect(stream.on).toBe(false);
    ring.add("info", "late");
    vi.advanceTimersByTime(1000);
    expect(frames).toHaveLength(4);
  });

  it("stops when told and drops what cannot go", () => {
    const ring = new LogRing();
    let open = false;
    const sent: string[] = [];
    const stream = new DebugStream(ring, (lines) => {
      if (open) sent.push(...lines.map((l) => l.text));
      return open;
    });
    ring.add("info", "offline");
    stream.start();
    open = true;
    ring.add("info", "online");
    vi.advanceTimersByTime(500);
    expect(sent).toEqual(["online"]);
    stream.stop();
    ring.add("info", "off");
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(["online"]);
  });
});
