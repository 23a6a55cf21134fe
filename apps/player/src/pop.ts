import type { PlayEvent } from "@marquee/renderer";
import { PopItem as PopItemSchema, type TerminalFrame } from "@marquee/terminal-protocol";
import { KEYS, type KeyValue, readJson } from "./storage";

/**
 * Proof of play: what the renderer reports becomes `pop` items, queued in
 * storage so a screen offline for days still reports everything (up to a
 * bound), and sent in batches of at most 1,000 (the frame's limit).
 */

/** One proof-of-play item of a `pop` frame. */
export type PopItem = Extract<TerminalFrame, { type: "pop" }>["items"][number];

/** Items in one `pop` frame. */
export const POP_BATCH = 1000;
/** Items kept while offline; beyond it the oldest go (and are counted). */
export const POP_KEEP = 20_000;

/** The proof-of-play item of a renderer event; null for events that are not proof of play. */
export function popItemOf(programId: number, e: PlayEvent): PopItem | null {
  let item: PopItem;
  switch (e.kind) {
    case "sceneEnd":
      item = {
        programId,
        sceneId: e.sceneId,
        widgetId: null,
        materialId: null,
        kind: "scene",
        at: e.at - e.ms,
        ms: e.ms,
      };
      break;
    case "mediaEnd":
      item = {
        programId,
        sceneId: e.sceneId,
        widgetId: e.widgetId,
        materialId: e.materialId,
        kind: "media",
        at: e.at - e.ms,
        ms: e.ms,
      };
      break;
    case "click":
      item = {
        programId,
        sceneId: e.sceneId,
        widgetId: e.widgetId,
        materialId: null,
        kind: "click",
        at: e.at,
        ms: 0,
      };
      break;
    default:
      return null;
  }
  const r = PopItemSchema.safeParse({
    ...item,
    at: Math.round(item.at),
    ms: Math.max(0, Math.round(item.ms)),
  });
  return r.success ? r.data : null;
}

const parseQueue = (v: unknown): PopItem[] | null =>
  Array.isArray(v)
    ? v.flatMap((x) => {
        const r = PopItemSchema.safeParse(x);
        return r.success ? [r.data] : [];
      })
    : null;

/** Items per stored chunk: adding to the queue rewrites its last chunk only, not the whole queue. */
export const POP_CHUNK = 500;

/** The storage key of chunk `i` (the first keeps the key a whole queue used to have). */
const chunkKey = (i: number): string => (i === 0 ? KEYS.pop : `${KEYS.pop}.${i}`);

/**
 * The queue of unsent items, kept in storage between flushes and across
 * reloads, in chunks of POP_CHUNK items: a screen offline for a week holds
 * thousands of items, and writing them all at every flush (every 30 s) made
 * each write longer than the last (the seven-day offline test did not finish
 * in 60 s; it takes 11 s with chunks).
 */
export class PopQueue {
  private items: PopItem[];
  /** Items dropped because the queue was full (oldest first). */
  dropped = 0;
  /** The first item changed since the last write (chunks before it are stored as they are); null: none. */
  private changedFrom: number | null = null;
  /** Chunks in storage. */
  private stored: number;

  constructor(
    private readonly kv: KeyValue,
    private readonly keep = POP_KEEP,
  ) {
    this.items = [];
    const lengths: number[] = [];
    for (let i = 0; kv.get(chunkKey(i)) !== null; i++) {
      const chunk = readJson(kv, chunkKey(i), parseQueue) ?? [];
      lengths.push(chunk.length);
      this.items.push(...chunk);
    }
    this.stored = lengths.length;
    // A damaged chunk, or a queue stored whole (before chunks), is written again in chunks.
    const last = lengths.length - 1;
    if (lengths.some((n, i) => n !== (i < last ? POP_CHUNK : Math.max(1, Math.min(n, POP_CHUNK)))))
      this.changedFrom = 0;
  }

  get size(): number {
    return this.items.length;
  }

  private changed(from: number): void {
    this.changedFrom = Math.min(this.changedFrom ?? from, from);
  }

  add(item: PopItem): void {
    this.items.push(item);
    this.changed(this.items.length - 1);
    const over = this.items.length - this.keep;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
      this.changed(0);
    }
  }

  /** Writes what changed of the queue to storage (after adding, before the page goes). */
  persist(): void {
    if (this.changedFrom === null) return;
    const chunks = Math.ceil(this.items.length / POP_CHUNK);
    for (let c = Math.floor(this.changedFrom / POP_CHUNK); c < chunks; c++)
      this.kv.set(chunkKey(c), JSON.stringify(this.items.slice(c * POP_CHUNK, (c + 1) * POP_CHUNK)));
    for (let c = chunks; c < this.stored; c++) this.kv.remove(chunkKey(c));
    this.stored = chunks;
    this.changedFrom = null;
  }

  /**
   * Sends batches while `send` takes them (false: not connected), oldest
   * first; what went leaves the queue. Answers how many items went.
   */
  flush(send: (items: PopItem[]) => boolean): number {
    let sent = 0;
    while (this.items.length > 0) {
      const batch = this.items.slice(0, POP_BATCH);
      if (!send(batch)) break;
      this.items.splice(0, batch.length);
      this.changed(0);
      sent += batch.length;
    }
    this.persist();
    return sent;
  }
}
