#!/usr/bin/env node
// Builds what `npm start` serves, each part only when its inputs changed since its last build:
//
//   web     apps/web/dist      the console (vite, then .gz/.br next to each file)
//   player  apps/player/dist   the web player (vite)
//   server  apps/server/dist   the API server as plain JavaScript (esbuild): main.js, admin-create.js, storage-migrate.js
//
// usage: node scripts/build.mjs [web] [player] [server] [--force] [--quiet]   (no part named: all three)
//   --force  build the parts even when up to date; --quiet  say nothing of parts that are up to date
//
// A part's inputs are the files under its folders plus packages/, the lockfile and this script; their
// paths, sizes and modification times are hashed into `<dist>/.build-stamp`. A part whose stamp matches
// is not built again; --force builds it anyway. One build runs at a time (.tmp/build.lock), so two
// starts at once do not write the same files.
//
// The server bundle inlines the workspace packages (@marquee/*, TypeScript sources) and leaves every npm
// dependency external, loaded from node_modules at run time like any Node program. Paths a module forms
// from `import.meta.url` (the migrations, the built console and player) keep pointing where they point
// from the module's source file, so the bundle reads the committed migrations under apps/server/src.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const rel = (file) => path.relative(root, file) || ".";
const STAMP = ".build-stamp";

/** Folders and files never read by a build: outputs, dependencies, tests, dot-files. */
const SKIPPED = new Set(["node_modules", "dist", "test", "coverage", "screenshots"]);
const COMMON = ["packages", "package-lock.json", "tsconfig.base.json", "scripts/build.mjs"];

const PARTS = {
  web: {
    what: "the console",
    out: "apps/web/dist",
    inputs: ["apps/web", ...COMMON],
    build: () => run("npm", ["run", "build", "--workspace", "@marquee/web"]),
  },
  player: {
    what: "the player",
    out: "apps/player/dist",
    inputs: ["apps/player", ...COMMON],
    build: () => run("npm", ["run", "build", "--workspace", "@marquee/player"]),
  },
  server: {
    what: "the server",
    out: "apps/server/dist",
    inputs: ["apps/server/src", "apps/server/package.json", "apps/server/tsconfig.json", ...COMMON],
    build: buildServer,
  },
};

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`})`);
}

/** Every input file under `entries` (files or folders, relative to the root), sorted. */
function inputFiles(entries) {
  const files = [];
  const walk = (abs) => {
    const st = statSync(abs, { throwIfNoEntry: false });
    if (!st) return;
    if (!st.isDirectory()) {
      files.push([rel(abs), st]);
      return;
    }
    for (const name of readdirSync(abs)) {
      if (name.startsWith(".") || SKIPPED.has(name)) continue;
      walk(path.join(abs, name));
    }
  };
  for (const entry of entries) walk(path.join(root, entry));
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The hash of a part's inputs: each file's path, size and modification time. */
function stampOf(part) {
  const hash = createHash("sha256");
  for (const [file, st] of inputFiles(part.inputs)) hash.update(`${file}\0${st.size}\0${st.mtimeMs}\n`);
  return hash.digest("hex");
}

/** Waits for, then takes, the one build lock; a lock whose process is gone is taken over. */
async function lock() {
  const dir = path.join(root, ".tmp");
  const file = path.join(dir, "build.lock");
  mkdirSync(dir, { recursive: true });
  let said = false;
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    let holder = 0;
    let age = 0;
    try {
      holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      age = Date.now() - statSync(file).mtimeMs;
    } catch (err) {
      if (err.code === "ENOENT") continue;
      throw err;
    }
    // A lock without a process id yet is being written, unless it stayed so for seconds.
    let alive = !(holder > 0) && age < 5000;
    if (holder > 0) {
      try {
        process.kill(holder, 0);
        alive = true;
      } catch (err) {
        alive = err.code === "EPERM";
      }
    }
    // A process id reused by another program would hold it forever: no build takes half an hour.
    if (!alive || age > 30 * 60_000) {
      rmSync(file, { force: true });
      continue;
    }
    if (!said) console.log(`build: waiting for another build (process ${holder}) to finish`);
    said = true;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Node's own loader cannot run the TypeScript sources; esbuild bundles them into plain ES modules. */
async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = path.join(root, "apps/server/dist");
  const sourceUrls = {
    name: "source-urls",
    setup(b) {
      // Bare specifiers stay imports from node_modules, except the workspace's own packages.
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith("@marquee/") ? undefined : { path: args.path, external: true },
      );
      // `import.meta.url` of an inlined module names its source file, not the bundle.
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta")) return undefined;
        if (/import\.meta\.(dirname|filename)\b/.test(text))
          throw new Error(`${rel(args.path)}: use new URL(…, import.meta.url), which the bundle keeps right`);
        const from = path.relative(outdir, args.path).split(path.sep).join("/");
        const contents = text.replace(
          /\bimport\.meta\.url\b/g,
          `new URL(${JSON.stringify(from)}, import.meta.url).href`,
        );
        const ext = path.extname(args.path).slice(1).replace(/^[cm]/, "");
        return { contents, loader: /** @type {"ts" | "tsx" | "js" | "jsx"} */ (ext) };
      });
    },
  };
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: "apps/server/src/main.ts",
      "admin-create": "apps/server/src/cli/admin-create.ts",
      "storage-migrate": "apps/server/src/cli/storage-migrate.ts",
    },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    tsconfig: "apps/server/tsconfig.json",
    keepNames: true,
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    logLevel: "warning",
    plugins: [sourceUrls],
  });
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  // Each file is written whole, then renamed into place.
  for (const f of result.outputFiles) {
    writeFileSync(`${f.path}.tmp`, f.contents);
    renameSync(`${f.path}.tmp`, f.path);
  }
  console.log(`built ${rel(outdir)}: ${result.outputFiles.map((f) => path.basename(f.path)).join(", ")}`);
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const quiet = args.includes("--quiet");
  const named = args.filter((a) => !a.startsWith("--"));
  for (const a of args)
    if (a.startsWith("--") && a !== "--force" && a !== "--quiet") throw new Error(`unknown option ${a}`);
  for (const n of named) if (!(n in PARTS)) throw new Error(`unknown part ${n} (web, player, server)`);
  const release = await lock();
  try {
    for (const name of named.length ? named : Object.keys(PARTS)) {
      const part = PARTS[name];
      const stampFile = path.join(root, part.out, STAMP);
      const stamp = stampOf(part);
      const current = existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === stamp;
      if (current && !force) {
        if (!quiet) console.log(`${part.what} is up to date (${part.out})`);
        continue;
      }
      const started = Date.now();
      await part.build();
      // The stamp of the inputs as they were before the build: a file changed meanwhile builds again.
      writeFileSync(stampFile, `${stamp}\n`);
      console.log(`built ${part.what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    release();
  }
}

main().catch((err) => {
  console.error(`build: ${err.message}`);
  process.exit(1);
});
