// Writes .gz and .br next to every built asset, so the server sends them compressed
// without compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
let count = 0;
for (const file of walk(dist)) {
  if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), dist)}`);
