#!/usr/bin/env node
// The structure figures a maintainer watches (docs/architecture.md, "Keeping the structure"):
// large source files, route files that reach the database themselves, import cycles between
// the server's modules, and domains whose three rooms (contracts, server module, console
// feature) are named differently. `node scripts/structure.mjs` prints them; the server's
// structure test asserts the ones that must stay at zero.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Tracked source files (TypeScript and scripts), as paths relative to the repository. */
export function sourceFiles() {
  const out = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs"], { cwd: root, encoding: "utf8" });
  return out.split("\n").filter((f) => f && existsSync(join(root, f)));
}

const isTest = (f) => /(\.test\.|\/test\/|^e2e\/|\.d\.ts$)/.test(f);
// The six terminal catalogues are long lists of strings, not code.
const isCatalogue = (f) => /locales\/[^/]+\/terminal\.ts$/.test(f);

/** Non-test source files over `limit` lines, longest first. */
export function largeFiles(limit = 400) {
  return sourceFiles()
    .filter((f) => !isTest(f) && !isCatalogue(f))
    .map((f) => ({ file: f, lines: readFileSync(join(root, f), "utf8").split("\n").length - 1 }))
    .filter((x) => x.lines > limit)
    .sort((a, b) => b.lines - a.lines);
}

const importRe =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file) {
  const text = readFileSync(join(root, file), "utf8");
  const found = [];
  for (const m of text.matchAll(importRe)) found.push(m[1] ?? m[2]);
  return found;
}

const serverSrc = "apps/server/src/";
const isRouteFile = (f) => /^apps\/server\/src\/(modules\/[^/]+|terminal)\/([^/]*-)?routes\.ts$/.test(f);

/** Route files that import the database layer (drizzle, the schema or the db module) themselves. */
export function routeFilesWithDatabase() {
  return sourceFiles()
    .filter(isRouteFile)
    .filter((f) => importsOf(f).some((s) => s.startsWith("drizzle-orm") || /\/db(\/|$)/.test(s)));
}

/** The unit a server file belongs to: a module (`modules/<m>`), `terminal`, `platform`, `db`, or the root. */
function unitOf(file) {
  const rel = file.slice(serverSrc.length);
  const parts = rel.split("/");
  if (parts[0] === "modules") return `modules/${parts[1]}`;
  if (parts.length > 1) return parts[0];
  return rel.replace(/\.tsx?$/, "");
}

/** Import edges between the server's units, resolved from relative specifiers. */
export function serverUnitGraph() {
  const files = sourceFiles().filter((f) => f.startsWith(serverSrc) && !isTest(f));
  const graph = new Map();
  for (const f of files) {
    const from = unitOf(f);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importsOf(f)) {
      if (!spec.startsWith(".")) continue;
      const target = normalize(join(dirname(f), spec));
      if (!target.startsWith(serverSrc)) continue;
      const to = unitOf(`${target}`);
      if (to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${relative(serverSrc, f)} → ${spec}`);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one module (Tarjan): each is an import cycle. */
export function moduleCycles(graph = serverUnitGraph()) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const groups = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return groups;
}

/**
 * Domains and their rooms: for every contracts file, the server module and the console feature of
 * the same name. A domain "differs" when one of the rooms it has elsewhere is missing under that name.
 */
export function domainRooms() {
  const files = sourceFiles();
  const names = (re) => new Set(files.map((f) => f.match(re)?.[1]).filter(Boolean));
  const contracts = names(/^packages\/contracts\/src\/([^/.]+)\.ts$/);
  const server = names(/^apps\/server\/src\/modules\/([^/]+)\//);
  const web = names(/^apps\/web\/src\/features\/([^/]+)\//);
  contracts.delete("index");
  const all = [...new Set([...contracts, ...server, ...web])].sort();
  return all.map((d) => ({ domain: d, contracts: contracts.has(d), server: server.has(d), web: web.has(d) }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const large = largeFiles();
  console.log(`Non-test source files over 400 lines: ${large.length}`);
  for (const x of large) console.log(`  ${String(x.lines).padStart(5)} ${x.file}`);
  const routes = routeFilesWithDatabase();
  const allRoutes = sourceFiles().filter(isRouteFile).length;
  console.log(`\nRoute files that import the database: ${routes.length} of ${allRoutes}`);
  for (const f of routes) console.log(`  ${f}`);
  const graph = serverUnitGraph();
  const cycles = moduleCycles(graph);
  console.log(`\nImport cycles between server units: ${cycles.length}`);
  for (const c of cycles) console.log(`  ${c.length} units: ${c.join(" ⇄ ")}`);
  const mutual = [];
  for (const [a, edges] of graph)
    for (const b of edges.keys()) if (a < b && graph.get(b)?.has(a)) mutual.push(`${a} ⇄ ${b}`);
  console.log(`Pairs of units that import each other: ${mutual.length}`);
  for (const m of mutual) console.log(`  ${m}`);
  const rooms = domainRooms();
  const single = rooms.filter((r) => [r.contracts, r.server, r.web].filter(Boolean).length === 1);
  console.log(`\nNames that stand in only one of the three rooms: ${single.length}`);
  for (const r of single) {
    const where = r.contracts ? "contracts" : r.server ? "server" : "console";
    console.log(`  ${r.domain.padEnd(16)} ${where}`);
  }
}
