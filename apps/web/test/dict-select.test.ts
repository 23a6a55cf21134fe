import { MATERIAL_TYPES } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { dictLabelOf, dictOptions } from "../src/components/dictOptions";

const items = [
  { value: "image", label: "Image" },
  { value: "video", label: "Vidéo" },
  { value: "hologram", label: "Hologramme" },
  { value: "video", label: "Doublon" },
  { value: "web", label: "" },
];

describe("the options a dictionary select offers", () => {
  it("offers the type's items in the server's order, once each, a missing label showing the value", () => {
    expect(dictOptions(items)).toEqual([
      { value: "image", label: "Image" },
      { value: "video", label: "Vidéo" },
      { value: "hologram", label: "Hologramme" },
      { value: "web", label: "web" },
    ]);
  });

  it("keeps to the values a field accepts", () => {
    // A material filter takes the server's material types only: an item added to the dictionary is not offered.
    expect(dictOptions(items, { only: MATERIAL_TYPES }).map((o) => o.value)).toEqual([
      "image",
      "video",
      "web",
    ]);
  });

  it("falls back while the dictionary cannot be read, but not once it answered", () => {
    const fallback = [{ value: "image", label: "Image (built in)" }];
    expect(dictOptions(undefined, { fallback })).toEqual(fallback);
    expect(dictOptions([], { fallback })).toEqual([]);
    expect(dictOptions(undefined)).toEqual([]);
  });

  it("labels a stored value, or shows it as is when the item is gone", () => {
    const options = dictOptions(items);
    expect(dictLabelOf(options, "video")).toBe("Vidéo");
    expect(dictLabelOf(options, "retired-model")).toBe("retired-model");
    expect(dictLabelOf(options, null)).toBe("");
  });
});
