import { describe, expect, it } from "vitest";

/** What scripts/structure.mjs exports that this test reads (the script is plain JavaScript). */
interface Structure {
  routeFilesWithDatabase(): string[];
  serverUnitGraph(): Map<string, Map<string, string[]>>;
  moduleCycles(graph?: Map<string, Map<string, string[]>>): string[][];
}

// A computed specifier: the script is JavaScript without declarations, loaded as it is at run time.
const script = new URL("../../../scripts/structure.mjs", import.meta.url).href;
const structure = (await import(script)) as Structure;

const underSrc = (file: string) => file.replace(/^apps\/server\/src\//, "");

describe("the server's structure", () => {
  it("has no route file that reaches the database itself: SQL lives in repositories", () => {
    expect(structure.routeFilesWithDatabase().map(underSrc)).toEqual([]);
  });

  it("has no import cycle between server units", () => {
    expect(structure.moduleCycles(structure.serverUnitGraph())).toEqual([]);
  });
});
