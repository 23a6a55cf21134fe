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

/**
 * Route files that still query the database themselves (paths under apps/server/src): their SQL has
 * not yet moved into their module's repository. Each file leaves this list when it does; the list
 * ends empty.
 */
const ROUTE_FILES_STILL_WITH_SQL = new Set([
  "modules/office/routes.ts",
  "modules/office/write-routes.ts",
  "modules/role/routes.ts",
  "modules/strategy/routes.ts",
  "terminal/routes.ts",
]);

/**
 * Imports between units that still close a cycle, as "from → to": the office module writes terminals
 * (leaving a tenant) and the terminal module checks the office's quota. The list ends empty.
 */
const EDGES_STILL_IN_A_CYCLE = new Set(["modules/terminal → modules/office"]);

const underSrc = (file: string) => file.replace(/^apps\/server\/src\//, "");

describe("the server's structure", () => {
  it("has no route file that reaches the database itself: SQL lives in repositories", () => {
    const offenders = structure
      .routeFilesWithDatabase()
      .map(underSrc)
      .filter((f) => !ROUTE_FILES_STILL_WITH_SQL.has(f));
    expect(offenders).toEqual([]);
  });

  it("lists no route file as an offender that no longer is one", () => {
    const offenders = new Set(structure.routeFilesWithDatabase().map(underSrc));
    expect([...ROUTE_FILES_STILL_WITH_SQL].filter((f) => !offenders.has(f))).toEqual([]);
  });

  it("has no import cycle between server units", () => {
    const graph = structure.serverUnitGraph();
    const kept = new Map<string, Map<string, string[]>>();
    for (const [from, edges] of graph) {
      const out = new Map<string, string[]>();
      for (const [to, files] of edges) if (!EDGES_STILL_IN_A_CYCLE.has(`${from} → ${to}`)) out.set(to, files);
      kept.set(from, out);
    }
    expect(structure.moduleCycles(kept)).toEqual([]);
  });
});
