import type { ContentState, MessageKey } from "@marquee/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { decideItems, noteItem, submitItems } from "./flow";
import { findItems, historyOf } from "./items";
import type { ContentSpec } from "./kinds";
import { syncContent } from "./sync";

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The calls every kind of content answers the same way: submit, the review
 * decision, a note, the history. A change of state tells the screens that
 * hold the items (they may stop or start playing them).
 */
export class ContentService {
  constructor(
    protected readonly services: Services,
    readonly spec: ContentSpec,
  ) {}

  /** Tells the screens holding these items to fetch their manifest again. */
  sync(log: FastifyBaseLogger, ids: number[]): Promise<void> {
    return syncContent(this.services, log, this.spec.kind, ids);
  }

  /** Submits items for review (approved at once while review is off); answers the state they reached. */
  async submit(actor: Actor, ids: number[], t: T, log: FastifyBaseLogger): Promise<ContentState> {
    const { state } = await submitItems(this.services, this.spec, actor, ids, t, log);
    await this.sync(log, ids);
    return state;
  }

  /** A review decision on pending items; answers how many were decided. */
  async decide(
    actor: Actor,
    ids: number[],
    decision: { result: "approved" | "rejected"; note: string | null },
    t: T,
    log: FastifyBaseLogger,
  ): Promise<number> {
    const rows = await decideItems(this.services, this.spec, actor, ids, decision, t);
    await this.sync(
      log,
      rows.map((r) => r.id),
    );
    return rows.length;
  }

  /** A note in an item's history, its state unchanged. */
  note(actor: Actor, id: number, note: string): Promise<void> {
    return noteItem(this.services, this.spec, actor, id, note);
  }

  /** The history of an item in the actor's range (404 for another), newest first. */
  async history(actor: Actor, id: number, t: T) {
    const { db } = this.services;
    await findItems(db, this.spec, actor, [id]);
    return historyOf(db, this.spec, id, t);
  }
}
