import { describe, expect, it } from "vitest";
import {
  AckFrame,
  DeliveryItem,
  decodeReason,
  PLAYER_REASONS,
  playerReasonOf,
  playerReasonText,
  REASON_CODES,
  storedReason,
} from "../src";

describe("a player's reasons as codes", () => {
  it("counts every player code among the reason codes, once", () => {
    for (const code of Object.keys(PLAYER_REASONS)) expect(REASON_CODES).toContain(code);
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
  });

  it("reads each sentence back as its code and values", () => {
    expect(playerReasonOf("settings are not valid device settings")).toEqual({
      code: "argSettings",
      values: { name: "settings" },
    });
    expect(playerReasonOf("volume must be a whole number from 0 to 100")).toEqual({
      code: "argWholeRange",
      values: { name: "volume", min: 0, max: 100 },
    });
    expect(playerReasonOf("this device does not allow geolocation (permission denied)")).toEqual({
      code: "geolocationDenied",
    });
    expect(playerReasonOf("this device does not allow geolocation")).toEqual({ code: "noGeolocation" });
    expect(playerReasonOf("program Menu (#3): 2 file(s) not downloaded yet")).toEqual({
      code: "programDownloading",
      values: { name: "Menu", id: 3, files: 2 },
    });
    expect(playerReasonOf("program Menu (#3): doc: bad")).toEqual({
      code: "programInvalid",
      values: { name: "Menu", id: 3, error: "doc: bad" },
    });
    // The most specific sentence wins over the general one.
    expect(playerReasonOf("m9.png: HTTP 404")).toEqual({
      code: "fileHttp",
      values: { file: "m9.png", status: 404 },
    });
    expect(playerReasonOf("m3.png: storage full")).toEqual({
      code: "fileFailed",
      values: { file: "m3.png", error: "storage full" },
    });
    expect(playerReasonOf("manifest: HTTP 500")).toEqual({
      code: "manifestFailed",
      values: { error: "HTTP 500" },
    });
    expect(playerReasonOf("package download failed: HTTP 404")).toEqual({
      code: "packageHttp",
      values: { status: 404 },
    });
    expect(
      playerReasonOf("the package address must be a path under /apm-web: https://elsewhere.example/p"),
    ).toEqual({
      code: "packageAddress",
      values: { prefix: "/apm-web", url: "https://elsewhere.example/p" },
    });
    // Words of its own (an exception's message) have no code.
    expect(playerReasonOf("no canvas")).toBeNull();
    expect(playerReasonOf("schedule: boom")).toBeNull();
  });

  it("writes each sentence from its code and reads it back", () => {
    for (const code of Object.keys(PLAYER_REASONS) as (keyof typeof PLAYER_REASONS)[]) {
      const names = [...PLAYER_REASONS[code].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
      const values = Object.fromEntries(names.map((n, i) => [n, n === "file" ? `f${i}.png` : `v${i} x`]));
      const text = playerReasonText(code, values);
      expect(playerReasonOf(text), text).toEqual(names.length ? { code, values } : { code });
    }
  });

  it("takes the code beside the words in an ack and a delivery item, and stores a known one coded", () => {
    const ack = AckFrame.parse({
      type: "ack",
      id: "c1",
      ok: false,
      reason: "until is already past",
      reasonCode: "untilPast",
    });
    expect(storedReason(ack.reason, ack.reasonCode, ack.reasonValues)).toBe('{"code":"untilPast"}');
    const item = DeliveryItem.parse({
      publicationId: 1,
      state: "failed",
      reason: "m9.png: HTTP 404",
      reasonCode: "fileHttp",
      reasonValues: { file: "m9.png", status: 404 },
    });
    const stored = storedReason(item.reason, item.reasonCode, item.reasonValues);
    expect(decodeReason(stored)).toEqual({ code: "fileHttp", values: { file: "m9.png", status: 404 } });
    // An unknown code (a newer player's) or none (an older player's): the words.
    expect(storedReason("a new failure", "somethingNew", undefined)).toBe("a new failure");
    expect(storedReason("no disk", undefined, undefined)).toBe("no disk");
    expect(storedReason(undefined, undefined, undefined)).toBeNull();
    // A coded reason longer than a reason column keeps: the words.
    expect(storedReason("x", "fileFailed", { file: "a.png", error: "e".repeat(600) })).toBe("x");
  });
});
