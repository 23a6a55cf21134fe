// @vitest-environment jsdom
import { LOCALES } from "@marquee/contracts";
import { renderHook, waitFor } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import { useEditor } from "../src/editor/store";
import { useProgramLoad } from "../src/editor/useProgramLoad";
import i18n from "../src/locales";

/** What a new program's first scene is called, by the author's language (not English everywhere). */
const EXPECTED = {
  zh_CN: "场景 1",
  zh_TW: "場景 1",
  en: "Scene 1",
  it: "Scena 1",
  ru: "Сцена 1",
  fr: "Scène 1",
} as const;

afterAll(async () => {
  await i18n.changeLanguage("en");
});

describe("a new program's scenes", () => {
  it.each(LOCALES)("are named in the author's language (%s)", async (locale) => {
    await i18n.changeLanguage(locale);
    const { result, unmount } = renderHook(() =>
      useProgramLoad({ kind: "new", name: null, width: 1280, height: 720 }),
    );
    await waitFor(() => expect(result.current.phase.kind).toBe("ready"));
    const { doc, name } = useEditor.getState();
    expect(doc.scenes.map((s) => s.name)).toEqual([EXPECTED[locale]]);
    expect(name).toBe(i18n.t("editor.untitled"));
    // The next scene the author adds is numbered in the same words.
    expect(i18n.t("editor.scenes.mainName", { n: 2 })).toBe(EXPECTED[locale].replace("1", "2"));
    unmount();
  });
});
