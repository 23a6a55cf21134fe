import { playerReason, whyText } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import { deletionPlan, heldPrograms, programHashes, programReadiness } from "../src/library";
import { programsOf } from "../src/playlist";
import { playNowAt, playNowOf, samePlayNow } from "../src/playNow";
import { file, imageProgramDoc, manifest, programDoc } from "./fixtures";

const A = "a".repeat(32);
const B = "b".repeat(32);
const X = "d".repeat(32);

describe("what the screen holds", () => {
  const m = manifest(
    [
      { id: 1, doc: imageProgramDoc(5) },
      { id: 2, doc: programDoc() },
      { id: 3, doc: { not: "a program" } },
      { id: 4, doc: imageProgramDoc(6) },
    ],
    [file(A, 5), file(B, 6)],
  );
  const { programs } = programsOf(m);

  it("finds a program's files from its materials", () => {
    const one = programs.get(1);
    if (!one) throw new Error("program 1");
    expect(programHashes(m, one)).toEqual([A]);
  });

  it("lists programs with whether each can play", () => {
    expect(heldPrograms(m, programs, new Set([A]))).toEqual([
      { id: 1, name: "P1", version: 1, ready: true },
      { id: 2, name: "P2", version: 1, ready: true },
      { id: 3, name: "P3", version: 1, ready: false },
      { id: 4, name: "P4", version: 1, ready: false },
    ]);
  });

  it("says why a program cannot play, and whether waiting helps", () => {
    const problems = new Map([
      [3, playerReason("programInvalid", { name: "P3", id: 3, error: "doc: invalid" })],
    ]);
    const held = new Set([A]);
    // The reason in its English words (as the ack's `reason` carries it).
    const ready = (id: number, failed = new Map<string, string>()) => {
      const r = programReadiness(m, programs, problems, held, failed, id);
      return r.ready ? r : { ...r, reason: whyText(r.reason) };
    };
    expect(ready(1)).toEqual({ ready: true });
    expect(ready(9)).toEqual({
      ready: false,
      final: true,
      reason: "program 9 is not in this screen's manifest",
    });
    expect(ready(3)).toEqual({ ready: false, final: true, reason: "program P3 (#3): doc: invalid" });
    expect(ready(4)).toMatchObject({ ready: false, final: false });
    expect(ready(4, new Map([[B, "HTTP 404"]]))).toEqual({
      ready: false,
      final: true,
      reason: "m6.png: HTTP 404",
    });
  });

  it("deletes only files the manifest does not need", () => {
    const held = new Set([A, X]);
    const needed = new Set([A, B]);
    expect(deletionPlan([A, X, B, "f".repeat(32)], held, needed)).toEqual({
      remove: [X],
      skipped: [A, B],
      missing: ["f".repeat(32)],
    });
    expect(deletionPlan(null, held, needed)).toEqual({ remove: [X], skipped: [], missing: [] });
  });
});

describe("play now", () => {
  it("reads the manifest's, with its end", () => {
    const until = "2026-03-02T11:00:00.000Z";
    expect(playNowOf(manifest([], [], "v", { playNow: { programId: 4, until, startAt: null } }))).toEqual({
      programId: 4,
      until: Date.parse(until),
      startAt: null,
    });
    expect(playNowOf(manifest([], []))).toBeNull();
    expect(
      playNowOf(manifest([], [], "v", { playNow: { programId: 4, until: "soon", startAt: null } })),
    ).toBeNull();
    expect(
      samePlayNow({ programId: 1, until: null, startAt: 5 }, { programId: 1, until: null, startAt: 5 }),
    ).toBe(true);
  });

  it("starts at the server's instant shifted by the clock offset, and ends at its end", () => {
    const p = { programId: 1, until: 20_000, startAt: 10_000 };
    // The device's clock is 250 ms ahead: the server's 10 000 is its 10 250.
    expect(playNowAt(p, 10_100, 250)).toEqual({
      active: false,
      localStart: 10_250,
      nextAt: 10_250,
      key: "now:1:10000",
    });
    expect(playNowAt(p, 10_250, 250)).toMatchObject({ active: true, nextAt: 20_000 });
    expect(playNowAt(p, 20_000, 250)).toMatchObject({ active: false, nextAt: null });
    expect(playNowAt({ programId: 1, until: null, startAt: null }, 5, 0)).toEqual({
      active: true,
      localStart: null,
      nextAt: null,
      key: "now:1:-",
    });
  });
});
