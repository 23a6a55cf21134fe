/**
 * Copies the data directory's files (DATA_DIR/files/**: media by MD5, avatars, brand images) into the
 * bucket named by the S3_* variables, under the same keys: `npm run storage:migrate`. Idempotent,
 * resumable and verified (see migrateStorage); prints a summary and exits 1 when any file failed.
 * Run it with the server's environment (STORAGE=s3 and the S3_* variables) before switching the server.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { createObjectStore } from "../platform/storage";
import { LocalStore } from "../platform/storage/local";
import { migrateStorage } from "../platform/storage/migrate";

const USAGE =
  "usage: STORAGE=s3 S3_BUCKET=… S3_REGION=… [S3_ENDPOINT=…] [S3_PREFIX=…] npm run storage:migrate [-- --quiet]";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { quiet: { type: "boolean" }, help: { type: "boolean" } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  if (config.storage.kind !== "s3") {
    console.error(`STORAGE=s3 and the bucket's S3_* variables name where the files go.\n${USAGE}`);
    return 2;
  }
  const target = createObjectStore(config.dataDir, config.storage);
  try {
    await target.check();
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const source = new LocalStore(config.dataDir);
  console.log(
    `copying ${source.root} into the bucket ${config.storage.s3.bucket}${config.storage.s3.prefix ? ` under ${config.storage.s3.prefix}` : ""}`,
  );
  const summary = await migrateStorage(source, target, (key, outcome, reason) => {
    if (outcome === "failed") console.error(`failed  ${key}: ${reason}`);
    else if (!values.quiet) console.log(`${outcome.padEnd(7)} ${key}`);
  });
  console.log(
    `copied ${summary.copied}, skipped ${summary.skipped} (already there), failed ${summary.failed.length}`,
  );
  return summary.failed.length ? 1 : 0;
}

process.exitCode = await main();
