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

/** The queue of unsent items, kept in storage between flushes and across reloads. */
export class PopQueue {
  private items: PopItem[];
  /** Items dropped because the queue was full (oldest first). */
  dropped = 0;

  constructor(
    private readonly kv: KeyValue,
    private readonly keep = POP_KEEP,
  ) {
    this.items = readJson(kv, KEYS.pop, parseQueue) ?? [];
  }

  get size(): number {
    return this.items.length;
  }

  add(item: PopItem): void {
    this.items.push(item);
    const over = this.items.length - this.keep;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }

  /** Writes the queue to storage (after adding, before the page goes). */
  persist(): void {
    if (this.items.length === 0) this.kv.remove(KEYS.pop);
    else this.kv.set(KEYS.pop, JSON.stringify(this.items));
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
      sent += batch.length;
    }
    this.persist();
    return sent;
  }
}
