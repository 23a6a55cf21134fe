import { type PublicationTarget, TARGET_STATES, type TargetState } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import {
  countSegments,
  deliveryTag,
  doneSummary,
  failedOf,
  isMoving,
  TARGET_STYLE,
  withdrawableOf,
} from "../src/features/publish/delivery";
import en from "../src/locales/en/publish";
import fr from "../src/locales/fr/publish";
import it_ from "../src/locales/it/publish";
import ru from "../src/locales/ru/publish";
import zh_CN from "../src/locales/zh_CN/publish";
import zh_TW from "../src/locales/zh_TW/publish";

const target = (state: TargetState, extra: Partial<PublicationTarget> = {}) => ({
  state,
  done: null,
  total: null,
  reason: null,
  ...extra,
});

describe("delivery state → tag", () => {
  it("gives every state its own word, in every language", () => {
    for (const catalogue of [en, fr, it_, ru, zh_CN, zh_TW]) {
      const words = TARGET_STATES.map((s) => catalogue.delivery.states[s]);
      expect(words.every((w) => typeof w === "string" && w.trim() !== "")).toBe(true);
      expect(new Set(words).size).toBe(TARGET_STATES.length);
    }
    for (const s of TARGET_STATES)
      expect(deliveryTag(target(s)).labelKey).toBe(`publish.delivery.states.${s}`);
  });

  it("colours the way to the screen: success playing, error failed, warning offline, distinct bar colours", () => {
    expect(deliveryTag(target("playing")).color).toBe("success");
    expect(deliveryTag(target("failed")).color).toBe("error");
    expect(deliveryTag(target("offline")).color).toBe("orange");
    expect(deliveryTag(target("downloading")).color).toBe("processing");
    const bars = TARGET_STATES.map((s) => TARGET_STYLE[s].bar);
    expect(new Set(bars).size).toBe(TARGET_STATES.length);
  });

  it("shows the download's progress in files, clamped, only while downloading", () => {
    expect(deliveryTag(target("downloading", { done: 3, total: 8 })).progress).toEqual({
      done: 3,
      total: 8,
      percent: 37,
    });
    expect(deliveryTag(target("downloading", { done: 12, total: 8 })).progress?.percent).toBe(100);
    expect(deliveryTag(target("downloading", { done: 0, total: 0 })).progress).toBeNull();
    expect(deliveryTag(target("downloading")).progress).toBeNull();
    expect(deliveryTag(target("downloaded", { done: 8, total: 8 })).progress).toBeNull();
  });

  it("keeps a failure's reason visible, and no reason on other states", () => {
    expect(deliveryTag(target("failed", { reason: "disk full" })).reason).toBe("disk full");
    expect(deliveryTag(target("failed", { reason: "" })).reason).toBeNull();
    expect(deliveryTag(target("playing", { reason: "stale" })).reason).toBeNull();
  });
});

describe("a publication's counts", () => {
  it("makes bar segments in delivery order, leaving empty states out, summing to 100%", () => {
    const segments = countSegments({ failed: 1, playing: 6, queued: 0, offline: 3 });
    expect(segments.map((s) => s.state)).toEqual(["playing", "offline", "failed"]);
    expect(segments.map((s) => s.count)).toEqual([6, 3, 1]);
    expect(segments.reduce((n, s) => n + s.percent, 0)).toBeCloseTo(100);
    expect(countSegments({})).toEqual([]);
  });

  it("is still moving while some screens have not got it yet", () => {
    expect(isMoving({ playing: 4, downloading: 1 })).toBe(true);
    expect(isMoving({ playing: 4, failed: 1, offline: 2, withdrawn: 1 })).toBe(false);
  });

  it("retries only the failed rows chosen, withdraws only those not withdrawn yet", () => {
    const rows = [
      { terminalId: 1, state: "failed" as const },
      { terminalId: 2, state: "playing" as const },
      { terminalId: 3, state: "withdrawn" as const },
      { terminalId: 4, state: "failed" as const },
    ];
    expect(failedOf(rows)).toEqual([1, 4]);
    expect(withdrawableOf(rows)).toEqual([1, 2, 4]);
  });
});

describe("the summary above a publication's delivery", () => {
  it("follows the publication's state: withdrawn is no longer a success on its way", () => {
    expect(doneSummary("active")).toEqual({ status: "success", title: "published", hint: "hint" });
    expect(doneSummary("scheduled")).toEqual({ status: "success", title: "scheduled", hint: "hint" });
    const withdrawn = doneSummary("withdrawn");
    expect(withdrawn).toEqual({ status: "info", title: "withdrawn", hint: "withdrawnHint" });
    for (const catalogue of [en, fr, it_, ru, zh_CN, zh_TW]) {
      // "published" is a plural message (published_one, published_other…), "withdrawn" is not.
      const done: Record<string, string> = catalogue.done;
      expect(done[withdrawn.title]).toContain("{{name}}");
      expect(done[withdrawn.hint]).not.toBe(catalogue.done.hint);
    }
  });
});
