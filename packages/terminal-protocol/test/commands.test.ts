import { describe, expect, it } from "vitest";
import {
  COMMAND_ARGS,
  COMMAND_NAMES,
  decodeReason,
  encodeReason,
  isCommandName,
  readCommandArgs,
} from "../src";

describe("the command registry", () => {
  it("names every command once, each with its arguments' schema", () => {
    expect(COMMAND_NAMES).toEqual(Object.keys(COMMAND_ARGS));
    expect(new Set(COMMAND_NAMES).size).toBe(COMMAND_NAMES.length);
    expect(isCommandName("volume")).toBe(true);
    expect(isCommandName("teleport")).toBe(false);
    expect(isCommandName("toString")).toBe(false);
  });

  it("is strict for a sender and leaves unknown keys aside for a terminal", () => {
    expect(COMMAND_ARGS.volume.safeParse({ volume: 5, extra: 1 }).success).toBe(false);
    expect(readCommandArgs("volume", { volume: 5, extra: 1 })).toMatchObject({
      success: true,
      data: { volume: 5 },
    });
    expect(readCommandArgs("playMessage", { messageId: "2" }).success).toBe(false);
  });
});

describe("coded reasons", () => {
  it("keeps a code with its values as text, and reads plain text as it is", () => {
    const stored = encodeReason("timeout", { seconds: 30 });
    expect(decodeReason(stored)).toEqual({ code: "timeout", values: { seconds: 30 } });
    expect(decodeReason(encodeReason("offline"))).toEqual({ code: "offline" });
    expect(decodeReason("the terminal is not connected")).toBe("the terminal is not connected");
    expect(decodeReason('{"code":"nonsense"}')).toBe('{"code":"nonsense"}');
    expect(decodeReason(null)).toBeNull();
  });
});
