import { describe, expect, it } from "vitest";
import {
  ANIMATIONS,
  DEFAULT_SETTINGS,
  mergeSettings,
  readSavedSettings,
  SETTINGS_VERSION,
} from "../src/config/settings";

describe("settings: defaults plus a saved override", () => {
  it("has the spec's defaults, with a plain fade as the page animation", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: { mode: "dark", color: "#65a7f3" },
      multiPage: false,
      cachePage: true,
      pageWidth: "fixed",
      layout: "side",
      animate: { disabled: false, name: "fade", direction: "default" },
    });
    expect(Object.keys(ANIMATIONS)).toEqual([
      "back",
      "bounce",
      "fade",
      "flip",
      "lightSpeed",
      "rotate",
      "roll",
      "zoom",
      "slide",
    ]);
  });

  it("deep-merges saved values over the defaults, ignoring unknown keys and wrong types", () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      theme: { mode: "night" },
      multiPage: true,
      layout: 42,
      surprise: "x",
    });
    expect(merged.theme).toEqual({ ...DEFAULT_SETTINGS.theme, mode: "night" });
    expect(merged.multiPage).toBe(true);
    expect(merged.layout).toBe("side");
    expect(merged).not.toHaveProperty("surprise");
  });

  it("repairs an animation direction the effect does not have", () => {
    expect(
      mergeSettings(DEFAULT_SETTINGS, { animate: { name: "flip", direction: "left" } }).animate.direction,
    ).toBe("x");
    expect(
      mergeSettings(DEFAULT_SETTINGS, { animate: { name: "nope", direction: "left" } }).animate.name,
    ).toBe("fade");
  });

  it("warns about settings saved by an older version, and not about current ones", () => {
    expect(readSavedSettings(null)).toEqual({ settings: DEFAULT_SETTINGS, outdated: false });
    const current = JSON.stringify({ version: SETTINGS_VERSION, settings: { multiPage: true } });
    expect(readSavedSettings(current)).toMatchObject({ outdated: false, settings: { multiPage: true } });
    const older = JSON.stringify({ version: SETTINGS_VERSION - 1, settings: { multiPage: true } });
    expect(readSavedSettings(older).outdated).toBe(true);
    expect(readSavedSettings(JSON.stringify({ multiPage: true })).outdated).toBe(true);
    expect(readSavedSettings("{not json").outdated).toBe(true);
  });
});
