import { describe, expect, it } from "vitest";
import { pageSelection, rowSelectionAcrossPages, serverPagination } from "../src/components/listSelection";

type Row = { id: number; name: string };
const a = { id: 1, name: "a" };
const b = { id: 2, name: "b" };
const c = { id: 3, name: "c" };

describe("list selection across pages", () => {
  it("keeps rows of other pages that the table no longer has", () => {
    let got = new Map<number, Row>();
    const sel = rowSelectionAcrossPages(new Map([[c.id, c]]), (next) => {
      got = next;
    });
    // c is on another page: antd hands back its key but not its row.
    sel.onChange([1, 3], [a, undefined]);
    expect([...got.values()]).toEqual([a, c]);
  });

  it("selects and clears one card or the whole page, leaving the rest", () => {
    let got = new Map<number, Row>();
    const on = pageSelection([a, b], new Map([[c.id, c]]), (next) => {
      got = next;
    });
    expect(on.allOnPage).toBe(false);
    expect(on.someOnPage).toBe(false);
    on.selectPage(true);
    expect([...got.keys()].sort()).toEqual([1, 2, 3]);
    const full = pageSelection([a, b], got, (next) => {
      got = next;
    });
    expect(full.allOnPage).toBe(true);
    full.toggle(a, false);
    expect([...got.keys()].sort()).toEqual([2, 3]);
  });

  it("goes back to page 1 when the page size changes", () => {
    const pages: Array<[number, number]> = [];
    const p = serverPagination({ pageNo: 3, pageSize: 24, total: 100, onPage: (n, s) => pages.push([n, s]) });
    p.onChange(4, 24);
    p.onChange(4, 48);
    expect(pages).toEqual([
      [4, 24],
      [1, 48],
    ]);
  });
});
