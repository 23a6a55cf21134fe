import {
  type DeliveryItem,
  type Manifest,
  reasonFields,
  type TerminalFrame,
  type Why,
} from "@marquee/terminal-protocol";
import { filesOf } from "./manifest";
import { fileFailure } from "./mediaStore";

/**
 * Delivery reports: for each publication the manifest carries,
 * where it stands on this screen — downloading (files held / needed),
 * downloaded, playing, or failed with the reason — sent in `delivery` frames
 * when a state changes (download progress at most once a second), and all
 * of them again after a reconnect so the server catches up.
 */

export type DeliveryFrame = Extract<TerminalFrame, { type: "delivery" }>;

/** What the states are computed from. */
export interface DeliveryInputs {
  manifest: Manifest | null;
  /** Hashes of the files on the screen. */
  held: ReadonlySet<string>;
  /** Files that failed to download, with the reason (hash → reason). */
  failed: ReadonlyMap<string, Why>;
  /** Programs that cannot play, with the reason (program id → reason). */
  problems: ReadonlyMap<number, Why>;
  /** Publications with something on screen now. */
  playing: ReadonlySet<number>;
  /** Why downloads wait (the download window), said on the publications still downloading. */
  waiting?: Why | null;
}

/** Items of one frame (the protocol's limit). */
export const DELIVERY_BATCH = 1000;
/** Download progress goes at most this often. */
export const PROGRESS_GAP_MS = 1000;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The programs a publication brings: its program, or every program of its plans. */
function programsOfPublication(manifest: Manifest, publicationId: number): number[] {
  const ids = new Set<number>();
  for (const pub of manifest.publications)
    if (pub.id === publicationId && pub.kind === "program") ids.add(pub.contentId);
  for (const plan of manifest.schedule) {
    if (plan.publicationId !== publicationId) continue;
    for (const item of plan.items) ids.add(item.programId);
    if (plan.defaultProgramId !== null) ids.add(plan.defaultProgramId);
  }
  return [...ids];
}

/** Each publication's state on this screen. */
export function deliveryItems(i: DeliveryInputs): DeliveryItem[] {
  const { manifest } = i;
  if (!manifest) return [];
  const files = new Map(filesOf(manifest).map((f) => [f.hash, f]));
  const items: DeliveryItem[] = [];
  for (const pub of manifest.publications) {
    if (pub.id <= 0) continue;
    // Web pages and streams are played from their own address: nothing to hold.
    const needed = [...new Set(pub.hashes)].filter((h) => files.has(h));
    const done = needed.filter((h) => i.held.has(h)).length;
    const total = needed.length;
    let reason: Why | null = null;
    for (const h of needed) {
      const why = i.held.has(h) ? undefined : i.failed.get(h);
      if (why !== undefined) {
        reason = fileFailure(files.get(h)?.name ?? h, why);
        break;
      }
    }
    if (reason === null)
      for (const id of programsOfPublication(manifest, pub.id)) {
        const why = i.problems.get(id);
        if (why !== undefined) {
          reason = why;
          break;
        }
      }
    if (reason !== null)
      items.push({ publicationId: pub.id, state: "failed", done, total, ...reasonFields(reason) });
    else if (done < total)
      items.push({
        publicationId: pub.id,
        state: "downloading",
        done,
        total,
        ...(i.waiting ? reasonFields(i.waiting) : {}),
      });
    else
      items.push({
        publicationId: pub.id,
        state: i.playing.has(pub.id) ? "playing" : "downloaded",
        done,
        total,
      });
  }
  return items;
}

const keyOf = (d: DeliveryItem) => `${d.state}:${d.done ?? ""}/${d.total ?? ""}:${d.reason ?? ""}`;

/**
 * Sends what changed since the last frame that went. `send` answers false
 * while frames cannot go (not connected, not welcomed): the change stays
 * unsent and goes with the next report or the resend after the welcome.
 */
export class DeliveryReporter {
  private version: string | null = null;
  private current: DeliveryItem[] = [];
  private readonly sent = new Map<number, string>();
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly send: (frame: DeliveryFrame) => boolean,
    private readonly now: () => number = Date.now,
    private readonly gapMs = PROGRESS_GAP_MS,
  ) {}

  /** The states last computed (for the diagnostics and tests). */
  get states(): readonly DeliveryItem[] {
    return this.current;
  }

  /**
   * Computes the states and sends those that changed. With `throttle`
   * (download progress) nothing goes within `gapMs` of the last frame; the
   * next report carries it.
   */
  report(inputs: DeliveryInputs, opts: { throttle?: boolean } = {}): void {
    const version = inputs.manifest?.version ?? null;
    if (version !== this.version) {
      this.version = version;
      this.sent.clear();
    }
    this.current = deliveryItems(inputs);
    const changed = this.current.filter((d) => this.sent.get(d.publicationId) !== keyOf(d));
    if (changed.length === 0) return;
    if (opts.throttle && this.now() - this.lastAt < this.gapMs) return;
    this.emit(changed);
  }

  /** Sends every state again, computed afresh when given the inputs (after a reconnect: the server may have missed some). */
  resend(inputs?: DeliveryInputs): void {
    if (inputs) {
      this.version = inputs.manifest?.version ?? null;
      this.sent.clear();
      this.current = deliveryItems(inputs);
    }
    this.emit(this.current);
  }

  private emit(items: readonly DeliveryItem[]): void {
    const version = this.version;
    if (version === null || items.length === 0) return;
    for (let at = 0; at < items.length; at += DELIVERY_BATCH) {
      const batch = items.slice(at, at + DELIVERY_BATCH);
      if (!this.send({ type: "delivery", manifestVersion: cut(version, 64), items: batch })) return;
      for (const d of batch) this.sent.set(d.publicationId, keyOf(d));
      this.lastAt = this.now();
    }
  }
}
