import { type HashAnswer, type HashRequest, md5OfBlob, md5OfChunk } from "./md5";

/** The parts of a dedicated worker's global scope this worker uses (the app compiles with the DOM library). */
interface WorkerScope {
  addEventListener(type: "message", listener: (e: MessageEvent<HashRequest>) => void): void;
  postMessage(message: HashAnswer): void;
}
const scope = globalThis as unknown as WorkerScope;

/** Throttles progress messages to one per percent. */
function progressPoster(id: number): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (percent === last) return;
    last = percent;
    scope.postMessage({ id, type: "progress", fraction });
  };
}

/** Hashes files (incrementally, 2 MiB slices, with progress) and chunks off the page's thread. */
scope.addEventListener("message", (e) => {
  const req = e.data;
  const run = req.kind === "file" ? md5OfBlob(req.blob, progressPoster(req.id)) : md5OfChunk(req.blob);
  run.then(
    (md5) => scope.postMessage({ id: req.id, type: "done", md5 }),
    (err: unknown) =>
      scope.postMessage({
        id: req.id,
        type: "error",
        message: err instanceof Error ? err.message : String(err),
      }),
  );
});
