import { readFile, stat } from "node:fs/promises";
import { FETCH_MAX_BYTES, FetchFailed } from "./fetch";

/** Reads a JSON file of a "file" provider (at most 2 MB), with its modification time; FetchFailed says why not. */
export async function readJsonFile(file: string): Promise<{ json: unknown; modifiedAt: Date }> {
  if (!file) throw new FetchFailed("no file configured");
  let modifiedAt: Date;
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new FetchFailed("unreadable: not a file");
    if (info.size > FETCH_MAX_BYTES)
      throw new FetchFailed(`bad answer: larger than ${FETCH_MAX_BYTES} bytes`);
    modifiedAt = info.mtime;
    text = await readFile(file, "utf8");
  } catch (err) {
    if (err instanceof FetchFailed) throw err;
    throw new FetchFailed(`unreadable: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return { json: JSON.parse(text) as unknown, modifiedAt };
  } catch {
    throw new FetchFailed("bad answer: not JSON");
  }
}
