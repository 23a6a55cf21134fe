import {
  type ContentState,
  type MessageKey,
  type Permission,
  type PublicationKind,
  type PublicationSummary,
  type PublicationTarget,
  TARGET_STATES,
  type TargetState,
} from "@marquee/contracts";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { publications, publicationTargets, terminals, users } from "../../db/schema";
import { type Actor, can } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, allFound, badRequest, FieldErrors, notFound, violates } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { anyOf, likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { playableState } from "../../terminal/manifest";
import { type FoundItem, findItems, moveItems, stateOf } from "../content/items";
import { CONTENT_KINDS, type ContentKind } from "../content/kinds";
import { findTerminals } from "../terminal/repo";
import { resolveSelection, type SelectionResult } from "./select";

declare module "../../platform/services" {
  interface Services {
    /** Publishing: content to terminals and withdrawal (the publish module's service). */
    publishing: PublishService;
  }
}

/** The job that activates a publication at its time. */
export const PUBLISH_JOB = "publish.activate";

const KINDS = Object.keys(CONTENT_KINDS) as ContentKind[];
const permissionsOf = (pick: (p: (typeof CONTENT_KINDS)[ContentKind]["permissions"]) => Permission) =>
  Object.fromEntries(KINDS.map((k) => [k, pick(CONTENT_KINDS[k].permissions)])) as Record<
    ContentKind,
    Permission
  >;

/** What publishing each kind of content needs. */
export const PUBLISH_PERMISSION = permissionsOf((p) => p.publish);

/** What reading the publications of each kind needs (publishing it is enough too). */
export const VIEW_PERMISSION = permissionsOf((p) => p.view);

/** The kinds whose publications the actor may read. */
export const viewableKinds = (actor: Actor) =>
  KINDS.filter((k) => can(actor, VIEW_PERMISSION[k]) || can(actor, PUBLISH_PERMISSION[k]));

type T = (key: MessageKey, values?: Record<string, string | number>) => string;
export type PublicationRow = typeof publications.$inferSelect;

/** Content being published: a program, a plan or a message. */
type ContentRef = FoundItem;

/** Whether content in `state` may be published: approved (or published) while review is on; not waiting for or refused by review while it is off. */
export function publishable(state: ContentState, audit: boolean): boolean {
  return playableState(state, audit);
}

/** "2026-03-01 14:05" in `timeZone`. */
function localTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * Publishing: content to terminals, now or at a time, and what
 * became of it on each terminal. A publication's targets are recorded when
 * it is made ("queued"); activation (at once, or by the PUBLISH_JOB at its
 * time) sets each to queued or offline by presence, adds the publication to
 * the terminals' publication_ids (their manifests are built from them) and
 * tells them. The delivery states after that come from the hub (terminal/
 * delivery.ts). Withdrawal takes publications, or some of their terminals,
 * back out.
 */
export class PublishService {
  /** `services` is read only once the server's services are all built (the hub among them). */
  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Registers the worker that activates scheduled publications. */
  async start(): Promise<void> {
    await this.services.jobs.work<{ publicationId: number }>(
      PUBLISH_JOB,
      (d) => this.activateScheduled(d.publicationId),
      1,
    );
  }

  /** Tells terminals their manifest changed; a failure is logged (the hub's reconciliation tells them within RECONCILE_MS). */
  private async notify(log: FastifyBaseLogger, ids: number[]): Promise<void> {
    if (!ids.length) return;
    try {
      await this.services.hub.notifySync(ids);
    } catch (err) {
      log.warn({ err, terminals: ids.length }, "the terminals could not be told of their publications");
    }
  }

  // ---- content ----

  /** Content by id in the actor's data range (404 for one outside it). */
  async content(
    db: Tx,
    actor: Actor,
    kind: PublicationKind,
    ids: number[],
    lock = false,
  ): Promise<ContentRef[]> {
    return findItems(db, CONTENT_KINDS[kind], actor, ids, lock);
  }

  // ---- publishing ----

  /** A free publish name in the tenant: the content's name and the local time, numbered when taken. */
  private async defaultName(tenantId: number, contentName: string, at: Date): Promise<string> {
    const zone = await this.services.settings.get("defaultTimezone");
    const stamp = localTime(at, zone);
    const base = `${contentName.slice(0, 120 - stamp.length - 8)} ${stamp}`;
    const taken = new Set(
      (
        await this.services.db
          .select({ name: publications.name })
          .from(publications)
          .where(and(eq(publications.tenantId, tenantId), ilike(publications.name, `${likeEscape(base)}%`)))
      ).map((r) => r.name),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`)) return `${base} (${n})`;
  }

  /** Terminals a selection reaches (for the count before confirming). */
  selection(actor: Actor, sel: Parameters<typeof resolveSelection>[2]): Promise<SelectionResult> {
    return resolveSelection(this.services, actor, sel);
  }

  /**
   * Publishes content `body.id` to the selected terminals, now or at
   * `publishAt`. Refuses (400) content review has not cleared, a message
   * that ended, a selection reaching no authorised terminal, a terminal of
   * another tenant than the content's, and a publish name already taken.
   */
  async publish(
    actor: Actor,
    kind: PublicationKind,
    body: {
      id: number;
      name?: string;
      publishAt?: string | null;
      terminalIds?: number[];
      officeIds?: number[];
      groupIds?: number[];
      excludeIds?: number[];
      includeChildren?: boolean;
    },
    t: T,
    log: FastifyBaseLogger,
  ) {
    const { db, clock, settings, tree } = this.services;
    const [content] = await this.content(db, actor, kind, [body.id]);
    if (!content) throw notFound(kind, body.id);
    const audit = await settings.get("audit");
    if (!publishable(content.state, audit))
      throw badRequest("publish.stateInvalid", {
        name: content.name,
        state: t(`program.state.${content.state}`),
      });
    const now = clock.now();
    if (content.endAt && content.endAt.getTime() <= now.getTime())
      throw badRequest("publish.messageEnded", { name: content.name });
    const { terminals: targets } = await resolveSelection(this.services, actor, body);
    if (!targets.length) throw badRequest("publish.noTerminals");
    const tenant = await tree.tenantOf(content.officeId);
    if (!tenant) throw new Error(`office ${content.officeId} has no tenant`);
    // A screen plays only its own tenant's content (the manifest takes nothing from another).
    for (const target of targets) {
      if (!(await tree.sameTenant(target.officeId, content.officeId)))
        throw badRequest("publish.otherTenant", { name: target.name });
    }
    const at = body.publishAt ? new Date(body.publishAt) : null;
    const scheduled = at !== null && at.getTime() > now.getTime();

    let name = body.name ?? (await this.defaultName(tenant.id, content.name, now));
    let pub: PublicationRow | undefined;
    for (let attempt = 0; !pub; attempt++) {
      try {
        pub = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(publications)
            .values({
              officeId: content.officeId,
              kind,
              contentId: content.id,
              name,
              tenantId: tenant.id,
              state: scheduled ? "scheduled" : "active",
              publishAt: at,
              activatedAt: scheduled ? null : now,
              targetCount: targets.length,
              createdBy: actor.userId,
              createdAt: now,
            })
            .returning();
          if (!row) throw new Error("publication not recorded");
          // One statement with two array parameters: 10,000 rows of bound values would cost more to
          // build and parse than to write.
          await tx.execute(sql`
            insert into publication_targets (publication_id, terminal_id, state, updated_at)
            select ${row.id}::integer, u.id, u.state, ${now}
            from unnest(${sql.param(targets.map((x) => x.id))}::integer[],
                        ${sql.param(targets.map((x) => (scheduled || x.online ? "queued" : "offline")))}::text[])
                 as u(id, state)`);
          if (!scheduled) {
            await this.attach(
              tx,
              row.id,
              targets.map((x) => x.id),
            );
            // Read again under lock: a review or an edit may have moved it since the check above.
            const state = await stateOf(tx, CONTENT_KINDS[kind], content.id);
            if (!state) throw notFound(kind, content.id);
            if (!publishable(state, audit))
              throw badRequest("publish.stateInvalid", {
                name: content.name,
                state: t(`program.state.${state}`),
              });
            await moveItems(tx, CONTENT_KINDS[kind], [{ id: content.id, state }], "published", {
              event: "publish",
              note: name,
              byUserId: actor.userId,
              at: this.services.clock.now(),
            });
          }
          return row;
        });
      } catch (err) {
        if (!violates(err, "publications_tenant_name_uq")) throw err;
        // Taken meanwhile: a chosen name is refused; a made-up one is made again.
        if (body.name || attempt >= 5)
          throw new FieldErrors([{ field: "name", key: "publish.nameTaken", values: { name } }]);
        name = await this.defaultName(tenant.id, content.name, now);
      }
    }
    if (scheduled && at) {
      try {
        // pg-boss waits by the database's clock; the delay is measured with the server's.
        await this.services.jobs.send(
          PUBLISH_JOB,
          { publicationId: pub.id },
          { startAfter: new Date(Date.now() + (at.getTime() - now.getTime())) },
        );
      } catch (err) {
        await db.delete(publications).where(eq(publications.id, pub.id));
        throw err;
      }
    } else {
      // The answer does not wait for 10,000 sockets: the publication is recorded, delivery follows
      // (and shows per terminal in its details).
      void this.notify(
        log,
        targets.map((x) => x.id),
      );
    }
    return { publication: pub, content };
  }

  /**
   * Adds a publication to terminals' publication_ids (once). Only terminals with a target row of it:
   * withdraw finds the holders of a publication through those rows.
   */
  private async attach(tx: Tx, publicationId: number, terminalIds: number[]): Promise<void> {
    await tx
      .update(terminals)
      .set({ publicationIds: sql`array_append(${terminals.publicationIds}, ${publicationId}::int)` })
      .where(
        and(
          anyOf(terminals.id, terminalIds),
          sql`not (${terminals.publicationIds} @> array[${publicationId}::int])`,
        ),
      );
  }

  /**
   * The job at a scheduled publication's time: activates it unless it was
   * withdrawn (or activated already) meanwhile. Its terminals that can no
   * longer take it (disabled, moved to another tenant) are dropped from it.
   */
  async activateScheduled(publicationId: number): Promise<void> {
    const { db, clock, tree } = this.services;
    const now = clock.now();
    const reached = await db.transaction(async (tx) => {
      const [pub] = await tx
        .update(publications)
        .set({ state: "active", activatedAt: now })
        .where(and(eq(publications.id, publicationId), eq(publications.state, "scheduled")))
        .returning();
      if (!pub) return [];
      const tenantPath = (await tree.get(pub.tenantId))?.path ?? "/";
      await tx.execute(sql`
        delete from publication_targets pt using terminals t, offices o
        where pt.publication_id = ${pub.id} and pt.state = 'queued' and t.id = pt.terminal_id
          and o.id = t.office_id and (t.state <> 'authorised' or o.path not like ${`${likeEscape(tenantPath)}%`})`);
      const rows = await tx.execute<{ terminal_id: number }>(sql`
        update publication_targets pt
        set state = case when t.online then 'queued' else 'offline' end, updated_at = ${now.toISOString()}::timestamptz
        from terminals t
        where pt.publication_id = ${pub.id} and pt.state = 'queued' and t.id = pt.terminal_id
        returning pt.terminal_id`);
      const ids = rows.rows.map((r) => Number(r.terminal_id));
      const [n] = await tx
        .select({ n: count() })
        .from(publicationTargets)
        .where(and(eq(publicationTargets.publicationId, pub.id), ne(publicationTargets.state, "withdrawn")));
      await tx
        .update(publications)
        .set({ targetCount: n?.n ?? ids.length })
        .where(eq(publications.id, pub.id));
      await this.attach(tx, pub.id, ids);
      // Content that review took back meanwhile keeps its state (manifests leave it out until approved).
      const state = await stateOf(tx, CONTENT_KINDS[pub.kind], pub.contentId);
      const audit = await this.services.settings.get("audit");
      if (state && publishable(state, audit))
        await moveItems(tx, CONTENT_KINDS[pub.kind], [{ id: pub.contentId, state }], "published", {
          event: "publish",
          note: pub.name,
          byUserId: pub.createdBy,
          at: this.services.clock.now(),
        });
      return ids;
    });
    await this.notify(this.log, reached);
  }

  // ---- reading ----

  /** A publication the actor may see, by id or by publish name, of one of `kinds` (404 otherwise). */
  async find(actor: Actor, by: { id?: number; publishName?: string }, kinds: readonly PublicationKind[]) {
    const key = by.id ?? by.publishName ?? "";
    if (!kinds.length) throw notFound("publication", key);
    const [row] = await this.services.db
      .select()
      .from(publications)
      .where(
        and(
          by.id !== undefined ? eq(publications.id, by.id) : eq(publications.name, by.publishName ?? ""),
          scope(actor, publications),
          inArray(publications.kind, [...kinds]),
        ),
      )
      .orderBy(desc(publications.id))
      .limit(1);
    if (!row) throw notFound("publication", key);
    return row;
  }

  /** Publications as lists show them: the content's name and state, and the delivery counts. */
  summaries(rows: Array<PublicationRow & { createdByName: string | null }>): Promise<PublicationSummary[]> {
    return publicationSummaries(this.services, rows);
  }

  /** Publications of `kinds` in the actor's range, newest first. */
  async list(
    actor: Actor,
    q: {
      kind?: PublicationKind;
      contentId?: number;
      state?: PublicationRow["state"];
      name?: string;
      pageNo: number;
      pageSize: number;
    },
    kinds: readonly PublicationKind[],
  ) {
    const { db } = this.services;
    const shown = q.kind ? kinds.filter((k) => k === q.kind) : kinds;
    const c: (SQL | undefined)[] = [
      scope(actor, publications),
      shown.length ? inArray(publications.kind, [...shown]) : sql`false`,
    ];
    if (q.contentId !== undefined) c.push(eq(publications.contentId, q.contentId));
    if (q.state) c.push(eq(publications.state, q.state));
    if (q.name) c.push(ilike(publications.name, `%${likeEscape(q.name)}%`));
    const where = and(...c);
    const [rows, totals] = await Promise.all([
      db
        .select({ p: publications, createdByName: users.name })
        .from(publications)
        .leftJoin(users, eq(users.id, publications.createdBy))
        .where(where)
        .orderBy(desc(publications.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db.select({ n: count() }).from(publications).where(where),
    ]);
    return {
      list: await this.summaries(rows.map((r) => ({ ...r.p, createdByName: r.createdByName }))),
      total: totals[0]?.n ?? 0,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }

  /** One publication and its terminals (those in the actor's range), filtered by delivery state and name, paged. */
  async details(
    actor: Actor,
    q: {
      id?: number;
      publishName?: string;
      state?: TargetState;
      name?: string;
      pageNo: number;
      pageSize: number;
    },
    kinds: readonly PublicationKind[],
  ) {
    const { db, tree } = this.services;
    const pub = await this.find(actor, q, kinds);
    const [creator] = pub.createdBy
      ? await db.select({ name: users.name }).from(users).where(eq(users.id, pub.createdBy))
      : [];
    const [publication] = await this.summaries([{ ...pub, createdByName: creator?.name ?? null }]);
    const c: (SQL | undefined)[] = [eq(publicationTargets.publicationId, pub.id), scope(actor, terminals)];
    if (q.state) c.push(eq(publicationTargets.state, q.state));
    if (q.name) c.push(ilike(terminals.name, `%${likeEscape(q.name)}%`));
    const where = and(...c);
    const [rows, totals] = await Promise.all([
      db
        .select({
          pt: publicationTargets,
          terminalName: terminals.name,
          officeId: terminals.officeId,
          online: terminals.online,
        })
        .from(publicationTargets)
        .innerJoin(terminals, eq(terminals.id, publicationTargets.terminalId))
        .where(where)
        .orderBy(asc(terminals.name), asc(terminals.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db
        .select({ n: count() })
        .from(publicationTargets)
        .innerJoin(terminals, eq(terminals.id, publicationTargets.terminalId))
        .where(where),
    ]);
    const list: PublicationTarget[] = [];
    for (const r of rows) {
      list.push({
        terminalId: r.pt.terminalId,
        terminalName: r.terminalName,
        officeName: (await tree.get(r.officeId))?.name ?? null,
        online: r.online,
        state: r.pt.state,
        done: r.pt.done,
        total: r.pt.total,
        reason: r.pt.reason,
        updateDate: r.pt.updatedAt.toISOString(),
      });
    }
    if (!publication) throw notFound("publication", pub.id);
    return { publication, list, total: totals[0]?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  // ---- retry and withdraw ----

  /**
   * Delivers a publication again where it failed (all its failed terminals,
   * or only `terminalIds`): they are queued (or offline) again and told to
   * fetch; the player fetches what it lacks. Answers how many were retried.
   */
  async retry(pub: PublicationRow, terminalIds: number[] | undefined, t: T, log: FastifyBaseLogger) {
    if (pub.state !== "active")
      throw badRequest("publish.notActive", { name: pub.name, state: t(`publish.state.${pub.state}`) });
    // Failures still in memory are written first, so none lands after the retry.
    await this.services.hub.delivery.flush();
    const only = terminalIds?.length
      ? sql`and pt.terminal_id in (${sql.join(
          terminalIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})`
      : sql``;
    const rows = await this.services.db.execute<{ terminal_id: number }>(sql`
      update publication_targets pt
      set state = case when t.online then 'queued' else 'offline' end, done = null, total = null, reason = null,
          updated_at = ${this.services.clock.now().toISOString()}::timestamptz
      from terminals t
      where pt.publication_id = ${pub.id} and pt.state = 'failed' and t.id = pt.terminal_id ${only}
      returning pt.terminal_id`);
    const ids = rows.rows.map((r) => Number(r.terminal_id));
    await this.notify(log, ids);
    return ids.length;
  }

  /**
   * Withdraws content of a kind in the actor's range (404 for other) from all
   * its terminals or from `terminalIds` (in the actor's range too): its
   * active and scheduled publications. Answers them and how many were touched.
   */
  async withdrawContent(
    actor: Actor,
    kind: PublicationKind,
    ids: number[],
    terminalIds: number[] | undefined,
    log: FastifyBaseLogger,
  ): Promise<{ pubs: PublicationRow[]; count: number }> {
    const { db } = this.services;
    await this.content(db, actor, kind, ids);
    if (terminalIds) await findTerminals(db, actor, terminalIds);
    const pubs = await this.live(kind, ids);
    return { pubs, count: await this.withdraw(actor, pubs, terminalIds, log) };
  }

  /**
   * Withdraws publications by id (404 for one the actor may not see, 403 for
   * a kind they may not publish), wholly or from `terminalIds`.
   */
  async withdrawPublications(
    actor: Actor,
    ids: number[],
    terminalIds: number[] | undefined,
    log: FastifyBaseLogger,
  ): Promise<number> {
    const { db } = this.services;
    const pubs = await db
      .select()
      .from(publications)
      .where(
        and(
          inArray(publications.id, ids),
          scope(actor, publications),
          inArray(publications.kind, viewableKinds(actor)),
        ),
      );
    allFound(pubs, ids, "publication");
    for (const p of pubs) this.assertMayPublish(actor, p);
    if (terminalIds) await findTerminals(db, actor, terminalIds);
    return this.withdraw(actor, pubs, terminalIds, log);
  }

  /** Active and scheduled publications of this content. */
  async live(kind: PublicationKind, contentIds: number[]): Promise<PublicationRow[]> {
    return this.services.db
      .select()
      .from(publications)
      .where(
        and(
          eq(publications.kind, kind),
          inArray(publications.contentId, contentIds),
          inArray(publications.state, ["active", "scheduled"]),
        ),
      )
      .orderBy(asc(publications.id));
  }

  /**
   * Withdraws publications: wholly, or from `terminalIds` only (a
   * publication left on no terminal is withdrawn). The terminals drop it from
   * their manifests; content left with no live publication goes back to
   * "approved". Answers how many publications were touched.
   */
  async withdraw(
    actor: Actor,
    pubs: PublicationRow[],
    terminalIds: number[] | undefined,
    log: FastifyBaseLogger,
  ) {
    const { db, clock } = this.services;
    const now = clock.now();
    const live = pubs.filter((p) => p.state !== "withdrawn");
    const reached = new Set<number>();
    let touched = 0;
    await db.transaction(async (tx) => {
      const ended: PublicationRow[] = [];
      for (const pub of live) {
        const targetWhere = and(
          eq(publicationTargets.publicationId, pub.id),
          ne(publicationTargets.state, "withdrawn"),
          terminalIds?.length ? inArray(publicationTargets.terminalId, terminalIds) : undefined,
        );
        const gone = await tx
          .update(publicationTargets)
          .set({ state: "withdrawn", updatedAt: now })
          .where(targetWhere)
          .returning({ id: publicationTargets.terminalId });
        const holders = await tx
          .update(terminals)
          .set({ publicationIds: sql`array_remove(${terminals.publicationIds}, ${pub.id}::int)` })
          .where(
            and(
              // Its holders all have a target row (attach adds it only to them): found by that key.
              sql`${terminals.id} in (select ${publicationTargets.terminalId} from ${publicationTargets}
                                       where ${publicationTargets.publicationId} = ${pub.id})`,
              sql`${terminals.publicationIds} @> array[${pub.id}::int]`,
              terminalIds?.length ? inArray(terminals.id, terminalIds) : undefined,
            ),
          )
          .returning({ id: terminals.id });
        // Only the terminals that held it have a manifest to change.
        for (const r of holders) reached.add(r.id);
        const [left] = terminalIds?.length
          ? await tx
              .select({ n: count() })
              .from(publicationTargets)
              .where(
                and(eq(publicationTargets.publicationId, pub.id), ne(publicationTargets.state, "withdrawn")),
              )
          : [{ n: 0 }];
        if (gone.length || holders.length || !terminalIds?.length) touched++;
        if ((left?.n ?? 0) === 0) {
          await tx
            .update(publications)
            .set({ state: "withdrawn", withdrawnAt: now })
            .where(eq(publications.id, pub.id));
          ended.push(pub);
        }
      }
      // Content with no live publication left is approved again (it stays reviewed).
      const contents = new Map<string, PublicationRow>();
      for (const p of ended) contents.set(`${p.kind}:${p.contentId}`, p);
      for (const p of contents.values()) {
        const [still] = await tx
          .select({ n: count() })
          .from(publications)
          .where(
            and(
              eq(publications.kind, p.kind),
              eq(publications.contentId, p.contentId),
              inArray(publications.state, ["active", "scheduled"]),
            ),
          );
        if ((still?.n ?? 0) > 0) continue;
        const state = await stateOf(tx, CONTENT_KINDS[p.kind], p.contentId);
        const names = ended
          .filter((e) => e.kind === p.kind && e.contentId === p.contentId)
          .map((e) => e.name)
          .join(", ");
        if (state === "published")
          await moveItems(tx, CONTENT_KINDS[p.kind], [{ id: p.contentId, state }], "approved", {
            event: "withdraw",
            note: names,
            byUserId: actor.userId,
            at: this.services.clock.now(),
          });
      }
    });
    await this.notify(log, [...reached]);
    return touched;
  }

  /** Refuses (403) a publication of a kind the actor may not publish. */
  assertMayPublish(actor: Actor, pub: PublicationRow): void {
    const permission = PUBLISH_PERMISSION[pub.kind];
    if (!can(actor, permission)) throw new AppError(403, "auth.forbidden", { permission });
  }
}

/** Publications as lists (and the home page) show them: the content's name and state, and the delivery counts. */
export async function publicationSummaries(
  services: Services,
  rows: Array<PublicationRow & { createdByName: string | null }>,
): Promise<PublicationSummary[]> {
  const { db } = services;
  if (!rows.length) return [];
  const idsOf = (kind: PublicationKind) => [
    ...new Set(rows.filter((r) => r.kind === kind).map((r) => r.contentId)),
  ];
  const named = async (kind: PublicationKind) => {
    const ids = idsOf(kind);
    if (!ids.length) return [];
    const table = CONTENT_KINDS[kind].table;
    return db
      .select({ id: table.id, name: table.name, state: table.state })
      .from(table)
      .where(inArray(table.id, ids));
  };
  const [progs, plans, messages, counts] = await Promise.all([
    named("program"),
    named("plan"),
    named("message"),
    db
      .select({ id: publicationTargets.publicationId, state: publicationTargets.state, n: count() })
      .from(publicationTargets)
      .where(
        inArray(
          publicationTargets.publicationId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(publicationTargets.publicationId, publicationTargets.state),
  ]);
  const contentOf = {
    program: new Map(progs.map((c) => [c.id, c])),
    plan: new Map(plans.map((c) => [c.id, c])),
    message: new Map(messages.map((c) => [c.id, c])),
  };
  const byPub = new Map<number, Record<TargetState, number>>();
  for (const c of counts) {
    let rec = byPub.get(c.id);
    if (!rec) {
      rec = Object.fromEntries(TARGET_STATES.map((s) => [s, 0])) as Record<TargetState, number>;
      byPub.set(c.id, rec);
    }
    rec[c.state] = c.n;
  }
  return rows.map((r) => {
    const content = contentOf[r.kind].get(r.contentId);
    return {
      id: r.id,
      kind: r.kind,
      contentId: r.contentId,
      contentName: content?.name ?? "",
      contentState: content?.state ?? null,
      name: r.name,
      state: r.state,
      publishAt: r.publishAt?.toISOString() ?? null,
      activatedAt: r.activatedAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      targetCount: r.targetCount,
      counts:
        byPub.get(r.id) ??
        (Object.fromEntries(TARGET_STATES.map((s) => [s, 0])) as Record<TargetState, number>),
      createdByName: r.createdByName,
      createDate: r.createdAt.toISOString(),
    };
  });
}
