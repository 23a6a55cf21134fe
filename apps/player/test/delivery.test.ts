import type { DeliveryItem, Manifest } from "@marquee/terminal-protocol";
import { DeliveryFrame, playerReason } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import { type DeliveryInputs, DeliveryReporter, deliveryItems } from "../src/delivery";
import { file, manifest, planItem, programDoc, schedulePlan, webPage } from "./fixtures";

const A = "a".repeat(32);
const B = "b".repeat(32);
const C = "c".repeat(32);

/** Publication 10: a plan with two files; 11: a program with one; 12: a message (no files); 13: a web page. */
function published(version = "v1"): Manifest {
  return manifest(
    [
      { id: 1, doc: programDoc() },
      { id: 2, doc: programDoc() },
      { id: 3, doc: programDoc() },
    ],
    [file(A, 1), file(B, 2), file(C, 3), webPage(4, "https://example.com/")],
    version,
    {
      schedule: [
        schedulePlan(1, [planItem("a", 1), planItem("b", 2)], { publicationId: 10 }),
        schedulePlan(-3, [planItem("p", 3)], { source: "program", publicationId: 11 }),
      ],
      publications: [
        { id: 10, kind: "plan", contentId: 1, name: "Lobby plan", hashes: [A, B] },
        { id: 11, kind: "program", contentId: 3, name: "Menu", hashes: [C] },
        { id: 12, kind: "message", contentId: 5, name: "Notice", hashes: [] },
        { id: 13, kind: "program", contentId: 3, name: "Web", hashes: [""] },
      ],
    },
  );
}

const inputs = (over: Partial<DeliveryInputs> = {}): DeliveryInputs => ({
  manifest: published(),
  held: new Set(),
  failed: new Map(),
  problems: new Map(),
  playing: new Set(),
  ...over,
});

/** A reporter whose frames land in `frames` (while `open`), on a clock the test moves. */
function harness() {
  const h = {
    now: 1_000_000,
    open: true,
    frames: [] as Array<{ manifestVersion: string; items: DeliveryItem[] }>,
    reporter: null as unknown as DeliveryReporter,
  };
  h.reporter = new DeliveryReporter(
    (frame) => {
      if (!h.open) return false;
      expect(DeliveryFrame.safeParse(frame).success).toBe(true);
      h.frames.push(frame);
      return true;
    },
    () => h.now,
  );
  return h;
}

const states = (items: DeliveryItem[]) => Object.fromEntries(items.map((d) => [d.publicationId, d.state]));

describe("delivery states", () => {
  it("counts each publication's files, and a publication that needs none is downloaded at once", () => {
    expect(deliveryItems(inputs())).toEqual([
      { publicationId: 10, state: "downloading", done: 0, total: 2 },
      { publicationId: 11, state: "downloading", done: 0, total: 1 },
      { publicationId: 12, state: "downloaded", done: 0, total: 0 },
      { publicationId: 13, state: "downloaded", done: 0, total: 0 },
    ]);
    expect(deliveryItems(inputs({ held: new Set([A]) }))[0]).toMatchObject({ done: 1, total: 2 });
    expect(deliveryItems(inputs({ manifest: null }))).toEqual([]);
  });

  it("says failed with the file and the reason, or the program that cannot play", () => {
    const failed = deliveryItems(
      inputs({
        held: new Set([A]),
        failed: new Map([[B, playerReason("fileHttp", { file: "m2.png", status: 404 })]]),
        problems: new Map([[3, playerReason("programInvalid", { name: "Menu", id: 3, error: "doc: bad" })]]),
      }),
    );
    expect(failed[0]).toEqual({
      publicationId: 10,
      state: "failed",
      done: 1,
      total: 2,
      reason: "m2.png: HTTP 404",
      reasonCode: "fileHttp",
      reasonValues: { file: "m2.png", status: 404 },
    });
    expect(failed[1]).toMatchObject({
      state: "failed",
      reason: "program Menu (#3): doc: bad",
      reasonCode: "programInvalid",
      reasonValues: { name: "Menu", id: 3, error: "doc: bad" },
    });
    // A file that failed once and is held now is no failure.
    const retried = deliveryItems(inputs({ held: new Set([A, B]), failed: new Map([[B, "HTTP 404"]]) }));
    expect(retried[0]?.state).toBe("downloaded");
  });
});

describe("delivery states while downloads wait", () => {
  it("says on the publications still downloading why they wait", () => {
    const waiting = playerReason("downloadWindow", { start: "22:00", end: "06:00" });
    const items = deliveryItems(inputs({ held: new Set([A]), waiting }));
    expect(items[0]).toEqual({
      publicationId: 10,
      state: "downloading",
      done: 1,
      total: 2,
      reason: "waiting for the download window (22:00–06:00)",
      reasonCode: "downloadWindow",
      reasonValues: { start: "22:00", end: "06:00" },
    });
    expect(items[2]).toEqual({ publicationId: 12, state: "downloaded", done: 0, total: 0 });
  });
});

describe("delivery frames", () => {
  it("goes downloading → downloaded → playing, once per change, progress at most once a second", () => {
    const h = harness();
    h.reporter.report(inputs());
    expect(h.frames).toHaveLength(1);
    expect(h.frames[0]?.manifestVersion).toBe("v1");
    expect(states(h.frames[0]?.items ?? [])).toEqual({
      10: "downloading",
      11: "downloading",
      12: "downloaded",
      13: "downloaded",
    });

    h.now += 300;
    h.reporter.report(inputs({ held: new Set([A]) }), { throttle: true });
    expect(h.frames).toHaveLength(1);
    h.now += 800;
    h.reporter.report(inputs({ held: new Set([A, C]) }), { throttle: true });
    expect(h.frames).toHaveLength(2);
    expect(h.frames[1]?.items).toEqual([
      { publicationId: 10, state: "downloading", done: 1, total: 2 },
      { publicationId: 11, state: "downloaded", done: 1, total: 1 },
    ]);

    h.now += 10;
    const all = new Set([A, B, C]);
    h.reporter.report(inputs({ held: all }));
    expect(h.frames[2]?.items).toEqual([{ publicationId: 10, state: "downloaded", done: 2, total: 2 }]);

    h.reporter.report(inputs({ held: all, playing: new Set([10]) }));
    h.reporter.report(inputs({ held: all, playing: new Set([10]) }));
    expect(h.frames).toHaveLength(4);
    expect(h.frames[3]?.items).toEqual([{ publicationId: 10, state: "playing", done: 2, total: 2 }]);
  });

  it("sends a failure at once, with its reason", () => {
    const h = harness();
    h.reporter.report(inputs());
    h.reporter.report(inputs({ failed: new Map([[C, "storage full"]]) }));
    expect(h.frames[1]?.items).toEqual([
      {
        publicationId: 11,
        state: "failed",
        done: 0,
        total: 1,
        reason: "m3.png: storage full",
        reasonCode: "fileFailed",
        reasonValues: { file: "m3.png", error: "storage full" },
      },
    ]);
  });

  it("keeps what could not go, and sends every state again after a reconnect", () => {
    const h = harness();
    h.open = false;
    h.reporter.report(inputs({ held: new Set([A, B, C]) }));
    expect(h.frames).toHaveLength(0);
    h.open = true;
    h.reporter.resend(inputs({ held: new Set([A, B, C]), playing: new Set([11]) }));
    expect(h.frames).toHaveLength(1);
    expect(states(h.frames[0]?.items ?? [])).toEqual({
      10: "downloaded",
      11: "playing",
      12: "downloaded",
      13: "downloaded",
    });
    // After a reconnect everything goes again, though nothing changed.
    h.reporter.resend();
    expect(h.frames).toHaveLength(2);
    expect(h.frames[1]?.items).toHaveLength(4);
  });

  it("reports a new manifest's publications afresh", () => {
    const h = harness();
    const held = new Set([A, B, C]);
    h.reporter.report(inputs({ held }));
    h.reporter.report(inputs({ held, manifest: published("v2") }));
    expect(h.frames.map((f) => [f.manifestVersion, f.items.length])).toEqual([
      ["v1", 4],
      ["v2", 4],
    ]);
  });
});
