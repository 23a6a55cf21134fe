import { type ComponentType, lazy } from "react";

/** Page-part load timeout (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {}

/** A code-split page whose chunk must arrive within 120 s, or the error boundary says so. */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    Promise.race([
      load().catch((err: unknown) => {
        throw new ChunkLoadError(String(err));
      }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new ChunkLoadError("timeout")), CHUNK_TIMEOUT_MS),
      ),
    ]),
  );
}
