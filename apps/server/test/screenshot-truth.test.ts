import { Manifest } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import { expectShot } from "../src/modules/terminal/screenshot-truth";

// Screen truth (issue 24): the server's expectation of a screenshot at its instant, from the terminal's manifest.
// Monday 2026-11-30 in UTC: "Morning" plays 08:00–12:00, "Afternoon" 12:00–18:00; the screen's timer is on 07:00–20:00.
const day = Date.parse("2026-11-30T00:00:00Z");
const at = (hhmm: string) => day + Number(hhmm.slice(0, 2)) * 3_600_000 + Number(hhmm.slice(3)) * 60_000;
const item = (id: string, programId: number, start: string, end: string) => ({
  id,
  programId,
  startDate: "2026-11-01",
  endDate: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windows: [{ start, end }],
  mode: { kind: "loop" as const },
  tier: "normal" as const,
});
const manifest = (over: Partial<Record<"playNow", unknown>> = {}) =>
  Manifest.parse({
    version: "v1",
    terminalId: 7,
    timezone: "UTC",
    programs: [
      { id: 1, name: "Morning", version: 1, doc: {} },
      { id: 2, name: "Afternoon", version: 1, doc: {} },
      { id: 3, name: "Sale", version: 1, doc: {} },
    ],
    media: [],
    schedule: [
      {
        planId: 10,
        name: "Week",
        source: "plan",
        publicationId: 100,
        order: 0,
        items: [item("a", 1, "08:00", "12:00"), item("b", 2, "12:00", "18:00")],
        defaultProgramId: null,
      },
    ],
    settings: { timers: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], on: "07:00", off: "20:00" }] },
    generatedAt: new Date(day).toISOString(),
    ...over,
  });

describe("screen truth: the server's expectation of a screenshot", () => {
  it("a program the schedule allows at the picture's instant is expected", () => {
    const e = expectShot(manifest(), { programId: 1, screenOn: true, shownAt: at("09:30") });
    expect(e).toMatchObject({ verdict: "expected", reason: null, expectedProgramIds: [1], screenOn: true });
  });

  it("a program the schedule does not allow then differs, saying which was expected and which is shown", () => {
    const e = expectShot(manifest(), { programId: 1, screenOn: true, shownAt: at("12:30") });
    expect(e.verdict).toBe("differs");
    expect(e.reason).toEqual({
      key: "terminal.truth.otherProgram",
      values: { expected: "Afternoon", shown: "Morning" },
    });
  });

  it("nothing shown while a program should play differs; a program shown when nothing should play differs", () => {
    expect(
      expectShot(manifest(), { programId: null, screenOn: true, shownAt: at("10:00") }).reason?.key,
    ).toBe("terminal.truth.nothingShown");
    expect(expectShot(manifest(), { programId: 2, screenOn: true, shownAt: at("19:00") }).reason).toEqual({
      key: "terminal.truth.nothingExpected",
      values: { shown: "Afternoon" },
    });
    expect(expectShot(manifest(), { programId: null, screenOn: true, shownAt: at("19:00") }).verdict).toBe(
      "expected",
    );
  });

  it("a screen on when its timer turns it off differs, and off when it should play differs", () => {
    const on = expectShot(manifest(), { programId: null, screenOn: true, shownAt: at("21:00") });
    expect(on).toMatchObject({
      verdict: "differs",
      screenOn: false,
      reason: { key: "terminal.truth.shouldBeOff" },
    });
    const off = expectShot(manifest(), { programId: 1, screenOn: false, shownAt: at("09:00") });
    expect(off.reason).toEqual({ key: "terminal.truth.shouldBeOn", values: { expected: "Morning" } });
    // Dark as its timer says: right.
    expect(expectShot(manifest(), { programId: null, screenOn: false, shownAt: at("21:00") }).verdict).toBe(
      "expected",
    );
  });

  it("a play-now (a broadcast, a wall) allows its program while it runs, and only then", () => {
    const m = manifest({
      playNow: { programId: 3, until: new Date(at("11:00")).toISOString(), startAt: at("10:00") },
    });
    expect(expectShot(m, { programId: 3, screenOn: true, shownAt: at("10:30") }).verdict).toBe("expected");
    expect(expectShot(m, { programId: 1, screenOn: true, shownAt: at("10:30") }).reason?.key).toBe(
      "terminal.truth.otherProgram",
    );
    expect(expectShot(m, { programId: 3, screenOn: true, shownAt: at("11:30") }).verdict).toBe("differs");
    expect(expectShot(m, { programId: 1, screenOn: true, shownAt: at("09:59") }).verdict).toBe("expected");
  });

  it("a picture taken under another manifest than the screen's current one is not judged by it", () => {
    // At 12:30 the current manifest expects Afternoon: a picture of Morning taken under manifest v0 is not called wrong.
    const shot = { programId: 1, screenOn: true, shownAt: at("12:30") };
    expect(expectShot(manifest(), { ...shot, manifestVersion: "v0" })).toMatchObject({
      verdict: "unknown",
      reason: { key: "terminal.truth.olderManifest" },
    });
    // Under the current one it is judged as before.
    expect(expectShot(manifest(), { ...shot, manifestVersion: "v1" }).reason?.key).toBe(
      "terminal.truth.otherProgram",
    );
  });

  it("an older player that did not say what it showed cannot be checked", () => {
    expect(expectShot(manifest(), { programId: null, screenOn: null, shownAt: null })).toMatchObject({
      verdict: "unknown",
      reason: { key: "terminal.truth.notSaid" },
    });
  });
});
