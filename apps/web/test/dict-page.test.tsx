// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import DictManagePage from "../src/features/dict/DictManagePage";
import i18n from "../src/locales";
import { fakeServer, grant, renderPage } from "./system-helpers";

const type = (id: number, code: string, name: string, builtIn: boolean) => ({
  id,
  code,
  name,
  description: builtIn ? "The kinds of media the library holds" : null,
  builtIn,
  sort: id,
  itemCount: 2,
  updatedAt: "2026-03-01T09:00:00.000Z",
});
const item = (id: number, value: string, label: string, labels: Record<string, string>) => ({
  id,
  typeId: 1,
  value,
  label,
  labels,
  sort: id,
  enabled: true,
  remarks: null,
  updatedAt: "2026-03-01T09:00:00.000Z",
});

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("dictionary management", { timeout: 20_000 }, () => {
  it("shows the seeded types and items by their labels in the reader's language, never their raw codes", async () => {
    await i18n.changeLanguage("fr");
    grant(["sys:dict:view", "sys:dict:edit"]);
    fakeServer({
      "GET /a/api/dict/typeList": () => ({
        list: [type(1, "materialType", "Material types", true), type(2, "resolution", "Résolutions", false)],
        total: 2,
        pageNo: 1,
        pageSize: 20,
      }),
      "GET /a/api/dict/itemList": () => ({
        list: [
          item(1, "video", "Video", { zh_CN: "视频", fr: "Vidéo" }),
          item(2, "web_page", "Web page", { fr: "Page web" }),
        ],
        total: 2,
        pageNo: 1,
        pageSize: 20,
      }),
    });
    renderPage(<DictManagePage />);
    // The items' labels in French; the stored values and English default labels are not shown beside them.
    expect(await screen.findByText("Vidéo")).toBeTruthy();
    expect(screen.getByText("Page web")).toBeTruthy();
    for (const raw of ["video", "web_page", "Video", "Web page", "materialType", "Material types"])
      expect(screen.queryByText(raw), raw).toBeNull();
    // The seeded type reads in French (list and title), the tenant-made one as named.
    expect(screen.getAllByText("Types de médias").length).toBeGreaterThan(0);
    const list = screen.getAllByRole("table")[0] as HTMLElement;
    expect(within(list).getByText("Résolutions")).toBeTruthy();
    expect(within(list).queryByText("resolution")).toBeNull();
  });
});
