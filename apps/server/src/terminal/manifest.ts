import { createHash } from "node:crypto";
import type { ContentState } from "@marquee/contracts";
import { materialIdsOf, type ProgramDoc } from "@marquee/program";
import {
  type DeviceSettings,
  isTimeZone,
  MessageDoc,
  mergeDeviceSettings,
  PlanItem,
  type ScheduleMessage,
  type SchedulePlan,
  type StrategyDoc,
} from "@marquee/schedule";
import type { Manifest, ManifestMedia, ManifestPublication } from "@marquee/terminal-protocol";
import { type AnyColumn, and, asc, eq, inArray } from "drizzle-orm";
import { materials, playPlans, programs, publications, publishMessages, type terminals } from "../db/schema";
import type { Services } from "../platform/services";
import { anyOf } from "../platform/sql";

/** The part of a terminal the manifest depends on. */
export interface ManifestSubject {
  id: number;
  /** The name an operator gave it (shown by the player). */
  name?: string;
  officeId: number;
  state: "pending" | "authorised" | "disabled";
  /** Programs chosen for it directly, played as "assigned" one-item plans. */
  programIds: number[];
  /** Its active publications (terminals.publication_ids). */
  publicationIds: number[];
  /** The time zone an operator set, if any. */
  timezone: string | null;
  /** The time zone the player reported, if any. */
  reportedTimezone: string | null;
  /** Settings set on the terminal itself (terminals.settings); absent: none. */
  settings?: DeviceSettings | null;
  /** The doc of the strategy it follows, if any. */
  strategy?: StrategyDoc | null;
  /** What it plays now above its schedule (terminals.play_now), if anything. */
  playNow?: PlayNowRow | null;
}

/** terminals.play_now as stored. */
export type PlayNowRow = NonNullable<(typeof terminals.$inferSelect)["playNow"]>;

/** What of a play-now the shared content depends on (the same for a batch told at once). */
interface PlayNowContent {
  programId: number | null;
  messages: Array<{ messageId: number; until: string | null }>;
}

/** The manifest without what is the terminal's own (its id, time zone and the time it was made). */
interface Content {
  /** Hash of everything below; the terminal's version adds its time zone. */
  hash: string;
  defaultTimezone: string;
  programs: Manifest["programs"];
  media: ManifestMedia[];
  schedule: SchedulePlan[];
  messages: ScheduleMessage[];
  publications: ManifestPublication[];
  /** The play-now program when it is playable (it is then in `programs`). */
  playNowProgramId: number | null;
}

interface Entry {
  at: number;
  content: Promise<Content>;
  /** Versions by time zone, settings, play-now and name (what terminals of one cache entry differ by). */
  versions: Map<string, string>;
  /** Keys of the shared answer by time zone, settings and play-now (everything but the terminal's id and name). */
  shared: Map<string, string>;
}

/** How long a computed manifest is reused for terminals holding the same programs and publications (a fleet told at once). */
const CACHE_MS = 5000;
/** Every day, all day: how a published or assigned program plays. */
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];
const FOREVER_FROM = "2000-01-01";

/** Whether content in `state` may be on screens: approved or published while review (`audit`) is on; anything reviewers did not stop (pending, rejected) while it is off. */
export function playableState(state: ContentState, audit: boolean): boolean {
  return audit ? state === "approved" || state === "published" : state !== "pending" && state !== "rejected";
}

/** A program as a one-item plan: every day, all day, in a loop, tier normal. */
function wholeDayPlan(
  source: "program" | "assigned",
  program: { id: number; name: string },
  publicationId: number | null,
  order: number,
): SchedulePlan {
  return {
    planId: program.id,
    name: program.name,
    source,
    publicationId,
    order,
    items: [
      {
        id: `p${program.id}`,
        programId: program.id,
        startDate: FOREVER_FROM,
        endDate: null,
        weekdays: ALL_WEEK,
        windows: [{ start: "00:00", end: "24:00" }],
        mode: { kind: "loop" },
        tier: "normal",
      },
    ],
    defaultProgramId: null,
  };
}

/**
 * What a terminal holds (Manifest v2): its schedule (published plans,
 * published programs and its assigned programs as one-item plans), its
 * messages, every program the schedule names with the media they use, the
 * publications it carries with the files each needs, and its time zone.
 *
 * Content is taken from the terminal's tenant only, and only while playable
 * (see playableState): a plan item whose program is not playable is dropped,
 * a message that ended is left out. A file's hash is its current MD5 (after a
 * transcode, the MP4's); web pages and streams carry their address and an
 * empty hash. The time zone is the operator's, else the player's, else the
 * `defaultTimezone` setting.
 *
 * Terminals with the same office, programs and publications share one
 * computation (a fleet told of a publication at once computes it once).
 */
export class ManifestService {
  private cache = new Map<string, Entry>();
  /** Each manifest answered: the key of what it shares with other terminals' (see `sharedKey`). */
  private readonly sharedKeys = new WeakMap<Manifest, string>();

  constructor(private readonly services: Services) {}

  /** Forgets computed manifests (programs were assigned or changed, publications came or went). */
  invalidate(): void {
    this.cache.clear();
  }

  /** The manifest of an authorised terminal; null for a pending or disabled one. */
  async forTerminal(t: ManifestSubject): Promise<Manifest | null> {
    if (t.state !== "authorised") return null;
    const entry = this.entry(t);
    const content = await entry.content;
    const timezone = zoneOf(t, content.defaultTimezone);
    const settings = mergeDeviceSettings(t.strategy, t.settings ?? {});
    const now = this.services.clock.now().getTime();
    const p = t.playNow;
    const playNow =
      p && p.programId !== null && p.programId === content.playNowProgramId && !ended(p.until, now)
        ? { programId: p.programId, until: p.until, startAt: p.startAt, wall: p.wall ?? null }
        : null;
    // Settings and play-now are the terminal's own: they change its version next to its time zone (and
    // its name, which the player shows, but which every other terminal of the fleet has its own of).
    const shared = `${timezone}|${JSON.stringify(settings)}|${JSON.stringify(playNow)}`;
    const own = `${shared}|${t.name ?? ""}`;
    let version = entry.versions.get(own);
    if (!version) {
      version = createHash("sha256").update(`${content.hash}|${own}`).digest("hex").slice(0, 32);
      entry.versions.set(own, version);
    }
    let sharedKey = entry.shared.get(shared);
    if (!sharedKey) {
      sharedKey = createHash("sha256").update(`${content.hash}|${shared}`).digest("hex").slice(0, 32);
      entry.shared.set(shared, sharedKey);
    }
    const manifest: Manifest = {
      version,
      terminalId: t.id,
      terminalName: t.name ?? "",
      timezone,
      programs: content.programs,
      media: content.media,
      schedule: content.schedule,
      messages: content.messages,
      publications: content.publications,
      settings,
      playNow,
      generatedAt: this.services.clock.now().toISOString(),
    };
    this.sharedKeys.set(manifest, sharedKey);
    return manifest;
  }

  /**
   * What a manifest this service answered has in common with other terminals': a hash of everything
   * in it but the terminal's id and name (its version covers those too). Manifests with the same key
   * (of one office) differ only by version, id and name.
   */
  sharedKey(manifest: Manifest): string | undefined {
    return this.sharedKeys.get(manifest);
  }

  /** The time zone a terminal's plans are read in (also for terminals without a manifest). */
  async timezoneOf(t: Pick<ManifestSubject, "timezone" | "reportedTimezone">): Promise<string> {
    return zoneOf(t, await this.services.settings.get("defaultTimezone"));
  }

  private entry(t: ManifestSubject): Entry {
    // Publications play in publication order whatever order the terminal's array holds them in.
    const publicationIds = [...new Set(t.publicationIds)].sort((a, b) => a - b);
    const playNow: PlayNowContent = {
      programId: t.playNow?.programId ?? null,
      messages: t.playNow?.messages ?? [],
    };
    const key = `${t.officeId}|${t.programIds.join(",")}|${publicationIds.join(",")}|${JSON.stringify(playNow)}`;
    const now = Date.now();
    let hit = this.cache.get(key);
    if (!hit || now - hit.at > CACHE_MS) {
      hit = {
        at: now,
        content: this.compute(t.officeId, t.programIds, publicationIds, playNow),
        versions: new Map(),
        shared: new Map(),
      };
      this.cache.set(key, hit);
      // A failed computation is not kept.
      const failed = hit;
      hit.content.catch(() => {
        if (this.cache.get(key) === failed) this.cache.delete(key);
      });
      if (this.cache.size > 1000) this.evict(now);
    }
    return hit;
  }

  private evict(now: number): void {
    for (const [k, v] of this.cache) if (now - v.at > CACHE_MS) this.cache.delete(k);
  }

  private async compute(
    officeId: number,
    assigned: number[],
    publicationIds: number[],
    playNow: PlayNowContent,
  ): Promise<Content> {
    const { db, settings, clock } = this.services;
    // Content of the terminal's own tenant only: its offices, not those of the tenants below it.
    const tenant = await this.services.tree.tenantOf(officeId);
    const tenantId = tenant?.id ?? officeId;
    const tenantOffices = await this.services.tree.officesOfTenant(tenantId);
    const inTenant = (column: AnyColumn) => anyOf(column, tenantOffices);
    const [audit, defaultTimezone] = await Promise.all([
      settings.get("audit"),
      settings.get("defaultTimezone"),
    ]);
    const playable = (state: ContentState) => playableState(state, audit);

    // A terminal moved to another tenant keeps no publication of the one it left.
    const pubs = publicationIds.length
      ? await db
          .select({
            id: publications.id,
            kind: publications.kind,
            contentId: publications.contentId,
            name: publications.name,
          })
          .from(publications)
          .where(
            and(
              inArray(publications.id, publicationIds),
              eq(publications.state, "active"),
              eq(publications.tenantId, tenantId),
            ),
          )
          .orderBy(asc(publications.id))
      : [];
    const idsOf = (kind: string) => [...new Set(pubs.filter((p) => p.kind === kind).map((p) => p.contentId))];
    const planIds = idsOf("plan");
    const now = clock.now().getTime();
    // Play-now messages still running are read with the published ones.
    const nowMessages = playNow.messages.filter((m) => !ended(m.until, now));
    const messageIds = [...new Set([...idsOf("message"), ...nowMessages.map((m) => m.messageId)])];
    const [planRows, messageRows] = await Promise.all([
      planIds.length
        ? db
            .select({ id: playPlans.id, name: playPlans.name, state: playPlans.state, doc: playPlans.doc })
            .from(playPlans)
            .where(and(inArray(playPlans.id, planIds), inTenant(playPlans.officeId)))
        : [],
      messageIds.length
        ? db
            .select({
              id: publishMessages.id,
              name: publishMessages.name,
              state: publishMessages.state,
              doc: publishMessages.doc,
              startAt: publishMessages.startAt,
              endAt: publishMessages.endAt,
            })
            .from(publishMessages)
            .where(and(inArray(publishMessages.id, messageIds), inTenant(publishMessages.officeId)))
        : [],
    ]);
    const plans = new Map(planRows.filter((p) => playable(p.state)).map((p) => [p.id, p]));
    const messages = new Map(
      messageRows
        .filter((m) => playable(m.state) && (m.endAt === null || m.endAt.getTime() > now))
        .map((m) => [m.id, m]),
    );

    // Every program anything names, read once.
    const named = new Set<number>(assigned);
    if (playNow.programId !== null) named.add(playNow.programId);
    for (const p of pubs) if (p.kind === "program") named.add(p.contentId);
    for (const plan of plans.values()) {
      for (const item of plan.doc.items ?? []) named.add(item.programId);
      if (plan.doc.defaultProgramId) named.add(plan.doc.defaultProgramId);
    }
    const programRows = named.size
      ? await db
          .select({
            id: programs.id,
            name: programs.name,
            version: programs.version,
            state: programs.state,
            doc: programs.doc,
          })
          .from(programs)
          .where(and(inArray(programs.id, [...named]), inTenant(programs.officeId)))
      : [];
    const programById = new Map(programRows.filter((r) => playable(r.state)).map((r) => [r.id, r]));

    const schedule: SchedulePlan[] = [];
    const used: number[] = [];
    const use = (id: number) => {
      if (!used.includes(id)) used.push(id);
    };
    /** Programs each publication needs, for its hashes. */
    const needs = new Map<number, number[]>();
    let order = 0;
    for (const id of assigned) {
      const p = programById.get(id);
      if (!p) continue;
      schedule.push(wholeDayPlan("assigned", p, null, order++));
      use(id);
    }
    const scheduleMessages: ScheduleMessage[] = [];
    const carried: typeof pubs = [];
    for (const pub of pubs) {
      if (pub.kind === "program") {
        const p = programById.get(pub.contentId);
        if (!p) continue;
        schedule.push(wholeDayPlan("program", p, pub.id, order++));
        use(p.id);
        needs.set(pub.id, [p.id]);
      } else if (pub.kind === "plan") {
        const plan = plans.get(pub.contentId);
        if (!plan) continue;
        const items = (plan.doc.items ?? []).filter(
          (i) => programById.has(i.programId) && PlanItem.safeParse(i).success,
        );
        const fallback = plan.doc.defaultProgramId;
        const defaultProgramId = fallback && programById.has(fallback) ? fallback : null;
        if (!items.length && defaultProgramId === null) continue;
        schedule.push({
          planId: plan.id,
          name: plan.name,
          source: "plan",
          publicationId: pub.id,
          order: order++,
          items,
          defaultProgramId,
        });
        const ids = [...items.map((i) => i.programId), ...(defaultProgramId ? [defaultProgramId] : [])];
        for (const id of ids) use(id);
        needs.set(pub.id, [...new Set(ids)]);
      } else {
        const m = messages.get(pub.contentId);
        const doc = m ? MessageDoc.safeParse(m.doc) : null;
        if (!m || !doc?.success) continue;
        scheduleMessages.push({
          id: m.id,
          name: m.name,
          publicationId: pub.id,
          startAt: m.startAt?.getTime() ?? null,
          endAt: m.endAt?.getTime() ?? null,
          doc: doc.data,
        });
        needs.set(pub.id, []);
      }
      carried.push(pub);
    }
    // A program played now is held with its media even when no schedule names it.
    const playNowProgramId =
      playNow.programId !== null && programById.has(playNow.programId) ? playNow.programId : null;
    if (playNowProgramId !== null) use(playNowProgramId);
    // Messages played now: shown at once until their `until` (or their own end, if sooner).
    for (const pm of nowMessages) {
      const m = messages.get(pm.messageId);
      const doc = m ? MessageDoc.safeParse(m.doc) : null;
      if (!m || !doc?.success || scheduleMessages.some((x) => x.id === m.id)) continue;
      const until = pm.until ? Date.parse(pm.until) : null;
      const own = m.endAt?.getTime() ?? null;
      scheduleMessages.push({
        id: m.id,
        name: m.name,
        publicationId: null,
        startAt: null,
        endAt: until === null ? own : own === null ? until : Math.min(until, own),
        doc: doc.data,
      });
    }

    const chosen = used.flatMap((id) => programById.get(id) ?? []);
    const mediaOfProgram = new Map(chosen.map((p) => [p.id, mediaOf(p.doc)]));
    const materialIds = new Set<number>();
    for (const ids of mediaOfProgram.values()) for (const id of ids) materialIds.add(id);
    const found = materialIds.size
      ? await db
          .select({
            id: materials.id,
            name: materials.name,
            type: materials.type,
            md5: materials.md5,
            size: materials.size,
            mime: materials.mime,
            url: materials.url,
            width: materials.width,
            height: materials.height,
            durationMs: materials.durationMs,
          })
          .from(materials)
          .where(and(inArray(materials.id, [...materialIds]), inTenant(materials.officeId)))
      : [];
    const media: ManifestMedia[] = found
      .sort((a, b) => a.id - b.id)
      .map((m) => ({
        hash: m.md5 ?? "",
        size: m.md5 ? m.size : 0,
        mime: m.mime,
        materialId: m.id,
        type: m.type,
        name: m.name,
        url: m.md5 ? null : m.url,
        width: m.width,
        height: m.height,
        durationMs: m.durationMs,
      }));
    const hashOf = new Map(media.filter((m) => m.hash).map((m) => [m.materialId, m.hash]));
    const publicationList: ManifestPublication[] = carried.map((pub) => {
      const hashes = new Set<string>();
      for (const programId of needs.get(pub.id) ?? [])
        for (const materialId of mediaOfProgram.get(programId) ?? []) {
          const hash = hashOf.get(materialId);
          if (hash) hashes.add(hash);
        }
      return {
        id: pub.id,
        kind: pub.kind,
        contentId: pub.contentId,
        name: pub.name,
        hashes: [...hashes].sort(),
      };
    });
    const list = chosen.map((p) => ({ id: p.id, name: p.name, version: p.version, doc: p.doc }));
    const hash = createHash("sha256")
      .update(
        JSON.stringify({
          p: list.map((p) => [p.id, p.version, p.name]),
          m: media,
          s: schedule,
          x: scheduleMessages,
          u: publicationList,
          n: playNowProgramId,
        }),
      )
      .digest("hex");
    return {
      hash,
      defaultTimezone,
      programs: list,
      media,
      schedule,
      messages: scheduleMessages,
      publications: publicationList,
      playNowProgramId,
    };
  }
}

/** Whether a play-now's `until` (ISO, null: until stopped) has passed at `now` (ms). */
export function ended(until: string | null, now: number): boolean {
  return until !== null && Date.parse(until) <= now;
}

/** The operator's zone, else the player's, else the default (a zone this runtime does not know is skipped). */
function zoneOf(t: Pick<ManifestSubject, "timezone" | "reportedTimezone">, fallback: string): string {
  if (t.timezone && isTimeZone(t.timezone)) return t.timezone;
  if (t.reportedTimezone && isTimeZone(t.reportedTimezone)) return t.reportedTimezone;
  return fallback;
}

/** Materials a stored document uses (documents are validated on save; one that no longer reads uses none). */
function mediaOf(doc: unknown): number[] {
  try {
    return materialIdsOf(doc as ProgramDoc);
  } catch {
    return [];
  }
}
