import {
  ALARM_EVENT_KINDS,
  type AlarmEventKind,
  type AlarmKind,
  type AlarmRules,
  type NoticeValue,
  noticeMsg,
} from "@marquee/contracts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { alarms, terminals, users } from "../../db/schema";
import { can } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { notify } from "../../platform/notify";
import type { Services } from "../../platform/services";
import type { ValuesByOffice } from "../../platform/settings";
import { officeVisible } from "../../platform/tenancy";
import { FAULT_CLEARED } from "../../terminal/gateway";
import type { TerminalEventListener } from "../../terminal/hub";
import { recomputeRunways } from "../terminal/runway";
import { reasonNotice } from "./reason";

/** How often the rules look at the terminals. */
export const ALARM_PASS_MS = 30_000;
/** One pass at a time across server processes (pg_try_advisory_xact_lock(ALARM_LOCK, 0)). */
const ALARM_LOCK = 727_321;
/** A storageLow alarm an operator cleared is not raised again for this long (storage rarely frees itself). */
const STORAGE_QUIET_MS = 24 * 3600_000;
/** Names a notice lists before "and N more". */
const NOTICE_NAMES = 10;

/** A raised alarm, as the notices need it. */
interface Raised {
  id: number;
  terminalId: number;
  officeId: number;
  kind: AlarmKind;
  /** The rule's limit it passed: offline minutes, storage percent, or runway hours. */
  threshold: number;
}

/** An alarm a pass cleared, as its statement answers it. */
type ClearedRow = { id: number; terminal_id: number; office_id: number; kind: string };
const clearedOf = (r: ClearedRow): AlarmChange => ({
  id: r.id,
  terminalId: r.terminal_id,
  officeId: r.office_id,
  kind: r.kind,
});

/** A raised alarm of `kind`, as an insert's returning row answers it. */
const raisedOf =
  (kind: AlarmKind) =>
  (r: { id: number; terminal_id: number; office_id: number; threshold: number }): Raised => ({
    id: r.id,
    terminalId: r.terminal_id,
    officeId: r.office_id,
    kind,
    threshold: r.threshold,
  });

/**
 * The alarm rules in force in every office: the platform's, and those of the
 * offices under a tenant (agent or customer) that keeps its own (each
 * terminal follows its own tenant's rules, else the nearest above).
 */
type RuleBook = ValuesByOffice<"alarmRules">;

const rulesAt = (book: RuleBook, officeId: number): AlarmRules => book.offices.get(officeId) ?? book.platform;

/**
 * The offices whose rules are not the platform's, as a relation
 * r(office_id, offline_minutes, storage_percent, runway_hours) the pass joins on a
 * terminal's office; the others take the platform's limits (coalesce).
 */
function thresholds(book: RuleBook): SQL {
  const ids: number[] = [];
  const offline: number[] = [];
  const storage: number[] = [];
  const runway: number[] = [];
  for (const [id, rules] of book.offices) {
    ids.push(id);
    offline.push(rules.offlineMinutes);
    storage.push(rules.storageLowPercent);
    runway.push(rules.runwayHours);
  }
  return sql`(select * from unnest(${sql.param(ids)}::int[], ${sql.param(offline)}::int[], ${sql.param(storage)}::int[],
      ${sql.param(runway)}::int[])
    as r(office_id, offline_minutes, storage_percent, runway_hours))`;
}

/** Whether any office has the rule on. */
const anyOn = (book: RuleBook, on: (r: AlarmRules) => boolean) =>
  on(book.platform) || [...book.offices.values()].some(on);

/** Alarms grouped by the limit they passed, in the order first met. */
function byThreshold(alarms: Raised[]): Array<[number, Raised[]]> {
  const groups = new Map<number, Raised[]>();
  for (const a of alarms) groups.set(a.threshold, [...(groups.get(a.threshold) ?? []), a]);
  return [...groups];
}

export interface PassResult {
  /** Another process held the lock: this pass did nothing. */
  skipped: boolean;
  raised: number;
  cleared: number;
  notified: number;
}

const engines = new WeakMap<Services, AlarmEngine>();

/** The alarm engine of an app (tests run a pass with it; the module registers it). */
export function alarmEngine(app: FastifyInstance): AlarmEngine {
  const engine = engines.get(app.services);
  if (!engine) throw new Error("the alarm module is not registered");
  return engine;
}

/**
 * The users an alarm of a terminal in each of `officeIds` concerns: enabled
 * users holding terminal:alarm:view whose data range covers the office, in
 * the terminal's own tenant only (an office at or above it, up to the tenant:
 * a platform or agent user above a customer is not told of its screens).
 */
export async function responsibleUsers(
  services: Services,
  officeIds: number[],
): Promise<Map<number, number[]>> {
  const { tree, actors, db } = services;
  const chains = new Map<number, number[]>();
  for (const id of new Set(officeIds)) {
    const node = await tree.get(id);
    const tenant = await tree.tenantOf(id);
    if (!node || !tenant) continue;
    const path = node.path.split("/").filter(Boolean).map(Number);
    const from = path.indexOf(tenant.id);
    chains.set(id, from >= 0 ? path.slice(from) : [id]);
  }
  const out = new Map<number, number[]>();
  const candidates = [...new Set([...chains.values()].flat())];
  if (!candidates.length) return out;
  const rows = await db
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    .where(sql`${users.enabled} and ${inArray(users.officeId, candidates)}`);
  for (const u of rows) {
    const actor = await actors.get(u.id);
    if (!actor || !can(actor, "terminal:alarm:view")) continue;
    for (const [officeId, chain] of chains) {
      if (chain.includes(u.officeId) && officeVisible(actor, officeId))
        out.set(officeId, [...(out.get(officeId) ?? []), u.id]);
    }
  }
  return out;
}

/** "A, B, C and 9 more", in the reader's language. */
function nameList(names: string[]): NoticeValue {
  const shown = names.slice(0, NOTICE_NAMES).join(", ");
  return names.length > NOTICE_NAMES
    ? noticeMsg("alarm.notice.more", { names: shown, count: names.length - NOTICE_NAMES })
    : shown;
}

/**
 * The rules that raise and clear alarms: a pass every ALARM_PASS_MS over the
 * terminals (offline too long, storage low: raised, and cleared when the
 * condition ends), and the terminals' events as they arrive (download failed,
 * playback error, fault: raised or counted up; "fault cleared" clears).
 * Times come from services.clock. A pass runs in one transaction holding an
 * advisory lock, so with several server processes one of them does the work;
 * the partial unique index (one open alarm per terminal and kind) makes a
 * double raise harmless anyway.
 */
export class AlarmEngine {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    engines.set(services, this);
  }

  start(): void {
    this.timer = setInterval(() => {
      // A pass still running (a slow database) is not doubled.
      if (this.busy || this.stopped) return;
      this.pass().catch((err) => this.log.warn({ err }, "the alarm pass failed"));
    }, ALARM_PASS_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /**
   * The rules of every office as saved now (the platform's and the few
   * tenants' own: a changed setting applies to the next pass).
   */
  private ruleBook(): Promise<RuleBook> {
    return this.services.settings.byOffice("alarmRules");
  }

  /** Runs one pass now (after the one under way); the timer calls it, and tests. */
  pass(): Promise<PassResult> {
    const run = this.running.catch(() => undefined).then(() => this.runPass());
    this.running = run;
    return run;
  }

  private async runPass(): Promise<PassResult> {
    this.busy = true;
    try {
      // The runways first, outside the pass's transaction (they read manifests on other connections).
      await recomputeRunways(this.services);
      return await this.services.db.transaction(async (tx) => {
        const lock = await tx.execute<{ ok: boolean }>(
          sql`select pg_try_advisory_xact_lock(${ALARM_LOCK}::int, 0) as ok`,
        );
        if (!lock.rows[0]?.ok) return { skipped: true, raised: 0, cleared: 0, notified: 0 };
        const book = await this.ruleBook();
        const now = this.services.clock.now();
        const raised: Raised[] = [];
        const cleared: AlarmChange[] = [];
        const offline = await this.offlinePass(tx, book, now);
        raised.push(...offline.raised);
        cleared.push(...offline.cleared);
        const storage = await this.storagePass(tx, book, now);
        raised.push(...storage.raised);
        cleared.push(...storage.cleared);
        // Offline runway (issue 24)
        const runway = await this.runwayPass(tx, book, now);
        raised.push(...runway.raised);
        cleared.push(...runway.cleared);
        await emitAlarmWebhooks(this.services, tx, "alarm.raised", raised);
        await emitAlarmWebhooks(this.services, tx, "alarm.cleared", cleared);
        // Told only where the terminal's own rules say so.
        const told = raised.filter((r) => rulesAt(book, r.officeId).notify);
        const notified = await this.notifyPass(tx, told);
        return { skipped: false, raised: raised.length, cleared: cleared.length, notified };
      });
    } finally {
      this.busy = false;
    }
  }

  /**
   * Authorised terminals offline longer than their tenant's limit (since
   * their last beat, or since they were authorised when they never
   * connected) raise `offline`, unless an operator already cleared an alarm
   * of this outage; terminals back online (or no longer authorised, or whose
   * rule is off) clear it. One statement each for every tenant's limits.
   */
  private async offlinePass(tx: Tx, book: RuleBook, now: Date) {
    const platform = book.platform.offlineMinutes;
    const cleared = await tx.execute<ClearedRow>(sql`
      update alarms a set state = 'cleared', cleared_at = ${now}, cleared_by = null
      from terminals t left join ${thresholds(book)} r on r.office_id = t.office_id
      where a.terminal_id = t.id and a.kind = 'offline' and a.state = 'open'
        and (t.online or t.state <> 'authorised' or coalesce(r.offline_minutes, ${platform}::int) = 0)
      returning a.id, a.terminal_id, a.office_id, a.kind`);
    if (!anyOn(book, (r) => r.offlineMinutes > 0))
      return { raised: [] as Raised[], cleared: cleared.rows.map(clearedOf) };
    const inserted = await tx.execute<{
      id: number;
      terminal_id: number;
      office_id: number;
      threshold: number;
    }>(sql`
      insert into alarms (terminal_id, office_id, kind, message, detail, raised_at, last_at)
      select t.id, t.office_id, 'offline',
        case when t.last_seen_at is null then 'Never connected since it was authorised'
          else 'Offline since ' || to_char(t.last_seen_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' end,
        jsonb_build_object('since', t.last_seen_at, 'minutes', m.minutes),
        ${now}, ${now}
      from terminals t
        left join ${thresholds(book)} r on r.office_id = t.office_id
        cross join lateral (select coalesce(r.offline_minutes, ${platform}::int) as minutes) m
      where t.state = 'authorised' and not t.online and m.minutes > 0
        and coalesce(t.last_seen_at, t.authorised_at, t.created_at) < ${now}::timestamptz - make_interval(mins => m.minutes)
        and not exists (
          select 1 from alarms c
          where c.terminal_id = t.id and c.kind = 'offline' and c.state = 'cleared' and c.cleared_by is not null
            and c.cleared_at >= coalesce(t.last_seen_at, t.authorised_at, t.created_at))
      on conflict (terminal_id, kind) where state = 'open' do nothing
      returning id, terminal_id, office_id, (detail->>'minutes')::int as threshold`);
    return {
      raised: inserted.rows.map(raisedOf("offline")),
      cleared: cleared.rows.map(clearedOf),
    };
  }

  /**
   * Storage from the status terminals report: used at or above their
   * tenant's limit (a percentage of a known quota) raises `storageLow`, below
   * it clears it. An alarm an operator cleared stays quiet for STORAGE_QUIET_MS.
   */
  private async storagePass(tx: Tx, book: RuleBook, now: Date) {
    const platform = book.platform.storageLowPercent;
    // Only numbers count: a status without a quota says nothing about storage.
    const usage = sql`
      select id, office_id, state, (status->>'storageUsed')::numeric as used, (status->>'storageQuota')::numeric as quota
      from terminals
      where jsonb_typeof(status->'storageUsed') = 'number' and jsonb_typeof(status->'storageQuota') = 'number'
        and (status->>'storageQuota')::numeric > 0`;
    const cleared = await tx.execute<ClearedRow>(sql`
      update alarms a set state = 'cleared', cleared_at = ${now}, cleared_by = null
      from terminals t
        left join ${thresholds(book)} r on r.office_id = t.office_id
        cross join lateral (select coalesce(r.storage_percent, ${platform}::int) as percent) p
      where a.terminal_id = t.id and a.kind = 'storageLow' and a.state = 'open'
        and (p.percent = 0 or t.state <> 'authorised' or exists (
          select 1 from (${usage}) u where u.id = t.id and u.used * 100 < p.percent * u.quota))
      returning a.id, a.terminal_id, a.office_id, a.kind`);
    if (!anyOn(book, (r) => r.storageLowPercent > 0))
      return { raised: [] as Raised[], cleared: cleared.rows.map(clearedOf) };
    const quiet = new Date(now.getTime() - STORAGE_QUIET_MS);
    const inserted = await tx.execute<{
      id: number;
      terminal_id: number;
      office_id: number;
      threshold: number;
    }>(sql`
      insert into alarms (terminal_id, office_id, kind, message, detail, raised_at, last_at)
      select u.id, u.office_id, 'storageLow',
        'Storage ' || floor(u.used * 100 / u.quota)::int || '% full',
        jsonb_build_object('used', u.used, 'quota', u.quota,
          'percent', floor(u.used * 100 / u.quota)::int, 'threshold', p.percent),
        ${now}, ${now}
      from (${usage}) u
        left join ${thresholds(book)} r on r.office_id = u.office_id
        cross join lateral (select coalesce(r.storage_percent, ${platform}::int) as percent) p
      where u.state = 'authorised' and p.percent > 0 and u.used * 100 >= p.percent * u.quota
        and not exists (
          select 1 from alarms c
          where c.terminal_id = u.id and c.kind = 'storageLow' and c.state = 'cleared'
            and c.cleared_by is not null and c.cleared_at > ${quiet})
      on conflict (terminal_id, kind) where state = 'open' do nothing
      returning id, terminal_id, office_id, (detail->>'threshold')::int as threshold`);
    return {
      raised: inserted.rows.map(raisedOf("storageLow")),
      cleared: cleared.rows.map(clearedOf),
    };
  }

  /**
   * Offline runway (issue 24, docs/runway.md): an authorised terminal whose
   * runway (computed just before) ends within its tenant's `runwayHours`
   * raises `runwayLow`; a longer runway, or the rule off, clears it.
   */
  private async runwayPass(tx: Tx, book: RuleBook, now: Date) {
    const platform = book.platform.runwayHours;
    const hours = sql`coalesce(r.runway_hours, ${platform}::int)`;
    const short = (h: SQL) =>
      sql`(t.runway_at is not null and t.runway_until is not null
        and t.runway_until < ${now}::timestamptz + make_interval(hours => ${h}))`;
    const cleared = await tx.execute<ClearedRow>(sql`
      update alarms a set state = 'cleared', cleared_at = ${now}, cleared_by = null
      from terminals t left join ${thresholds(book)} r on r.office_id = t.office_id
      where a.terminal_id = t.id and a.kind = 'runwayLow' and a.state = 'open'
        and (${hours} = 0 or t.state <> 'authorised' or not ${short(hours)})
      returning a.id, a.terminal_id, a.office_id, a.kind`);
    if (!anyOn(book, (r) => r.runwayHours > 0))
      return { raised: [] as Raised[], cleared: cleared.rows.map(clearedOf) };
    const inserted = await tx.execute<{
      id: number;
      terminal_id: number;
      office_id: number;
      threshold: number;
    }>(sql`
      insert into alarms (terminal_id, office_id, kind, message, detail, raised_at, last_at)
      select t.id, t.office_id, 'runwayLow',
        'Runway ends ' || to_char(t.runway_until at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC (' || t.runway_reason || ')',
        jsonb_build_object('until', t.runway_until, 'reason', t.runway_reason, 'name', t.runway_name,
          'hours', h.hours),
        ${now}, ${now}
      from terminals t
        left join ${thresholds(book)} r on r.office_id = t.office_id
        cross join lateral (select ${hours} as hours) h
      where t.state = 'authorised' and h.hours > 0 and ${short(sql`h.hours`)}
      on conflict (terminal_id, kind) where state = 'open' do nothing
      returning id, terminal_id, office_id, (detail->>'hours')::int as threshold`);
    return { raised: inserted.rows.map(raisedOf("runwayLow")), cleared: cleared.rows.map(clearedOf) };
  }

  /**
   * One notice per user for everything a pass raised that concerns them
   * ("12 screens went offline: …"), a line per kind and limit (a user is told
   * of their own tenant's screens, so usually of one limit).
   */
  private async notifyPass(tx: Tx, raised: Raised[]): Promise<number> {
    if (!raised.length) return 0;
    const names = new Map(
      (
        await tx
          .select({ id: terminals.id, name: terminals.name })
          .from(terminals)
          .where(
            inArray(
              terminals.id,
              raised.map((r) => r.terminalId),
            ),
          )
      ).map((t) => [t.id, t.name]),
    );
    const concerned = await responsibleUsers(
      this.services,
      raised.map((r) => r.officeId),
    );
    // The alarms of each user; users with the same alarms share one notify call.
    const perUser = new Map<number, Raised[]>();
    for (const r of raised)
      for (const userId of concerned.get(r.officeId) ?? [])
        perUser.set(userId, [...(perUser.get(userId) ?? []), r]);
    const groups = new Map<string, { userIds: number[]; alarms: Raised[] }>();
    for (const [userId, alarms] of perUser) {
      const key = alarms.map((a) => a.id).join(",");
      const g = groups.get(key) ?? { userIds: [], alarms };
      g.userIds.push(userId);
      groups.set(key, g);
    }
    let sent = 0;
    for (const { userIds, alarms } of groups.values()) {
      const nameOf = (a: Raised) => names.get(a.terminalId) ?? `#${a.terminalId}`;
      const offline = byThreshold(alarms.filter((a) => a.kind === "offline"));
      const storage = byThreshold(alarms.filter((a) => a.kind === "storageLow"));
      const runway = byThreshold(alarms.filter((a) => a.kind === "runwayLow"));
      sent += await notify(tx, userIds, "alarm.notice.pass", {
        lines: {
          lines: [
            ...offline.map(([minutes, list]) =>
              noticeMsg("alarm.notice.offline", {
                minutes,
                count: list.length,
                names: nameList(list.map(nameOf)),
              }),
            ),
            ...storage.map(([percent, list]) =>
              noticeMsg("alarm.notice.storageLow", {
                percent,
                count: list.length,
                names: nameList(list.map(nameOf)),
              }),
            ),
            ...runway.map(([hours, list]) =>
              noticeMsg("alarm.notice.runwayLow", {
                hours,
                count: list.length,
                names: nameList(list.map(nameOf)),
              }),
            ),
          ],
        },
      });
    }
    return sent;
  }

  /**
   * A terminal's event (the hub calls it after storing the event), with its
   * message as stored: coded when the screen gave a known code, else its words.
   */
  readonly onEvent: TerminalEventListener = async (e) => {
    const { db, clock } = this.services;
    if (e.kind === "info") {
      // "fault cleared" has no code: its message is stored as these words.
      if (e.message.trim().toLowerCase() !== FAULT_CLEARED) return;
      await db.transaction(async (tx) => {
        const cleared = await tx.execute<ClearedRow>(sql`
          update alarms set state = 'cleared', cleared_at = ${clock.now()}, cleared_by = null
          where terminal_id = ${e.terminalId} and kind = 'fault' and state = 'open'
          returning id, terminal_id, office_id, kind`);
        await emitAlarmWebhooks(this.services, tx, "alarm.cleared", cleared.rows.map(clearedOf));
      });
      return;
    }
    if (!(ALARM_EVENT_KINDS as readonly string[]).includes(e.kind)) return;
    const kind = e.kind as AlarmEventKind;
    const [terminal] = await db
      .select({
        id: terminals.id,
        name: terminals.name,
        officeId: terminals.officeId,
        state: terminals.state,
      })
      .from(terminals)
      .where(eq(terminals.id, e.terminalId));
    // A screen waiting for authorisation belongs to nobody yet; a disabled one is out of service.
    if (terminal?.state !== "authorised") return;
    // The rules of the terminal's own tenant (else the nearest above it that keeps some, else the platform's).
    const rules = await this.services.settings.getFor("alarmRules", terminal.officeId);
    if (!rules.events.includes(kind)) return;
    // Kept as stored: a coded message is written in the reader's language (the console, exports, notices).
    const message = e.message.slice(0, 1000);
    const at = clock.now();
    // Who is told is read before the transaction: reading it inside would hold one pooled
    // connection while waiting for another (a burst of events could take them all). A repeat of
    // an open alarm tells nobody, so it is not read then.
    const [open] = await db
      .select({ id: alarms.id })
      .from(alarms)
      .where(and(eq(alarms.terminalId, terminal.id), eq(alarms.kind, kind), eq(alarms.state, "open")));
    const userIds =
      rules.notify && !open
        ? ((await responsibleUsers(this.services, [terminal.officeId])).get(terminal.officeId) ?? [])
        : [];
    await db.transaction(async (tx) => {
      const result = await tx.execute<{ id: number; inserted: boolean }>(sql`
        insert into alarms (terminal_id, office_id, kind, message, raised_at, last_at)
        values (${terminal.id}, ${terminal.officeId}, ${kind}, ${message}, ${at}, ${at})
        on conflict (terminal_id, kind) where state = 'open'
        do update set count = alarms.count + 1, last_at = excluded.last_at, message = excluded.message
        returning id, (xmax = 0) as inserted`);
      const row = result.rows[0];
      if (row?.inserted)
        await emitAlarmWebhooks(this.services, tx, "alarm.raised", [
          { id: row.id, terminalId: terminal.id, officeId: terminal.officeId, kind },
        ]);
      if (!row?.inserted || !userIds.length) return;
      const said = reasonNotice(message);
      await notify(tx, userIds, "alarm.notice.event", {
        kind: noticeMsg(`alarm.kind.${kind}`),
        name: terminal.name,
        message: typeof said === "string" ? said.slice(0, 300) : said,
      });
    });
  };
}

/** An alarm as its webhook tells it. */
export interface AlarmChange {
  id: number;
  terminalId: number;
  officeId: number;
  kind: string;
}

/**
 * Queues `alarm.raised` / `alarm.cleared` webhooks of these alarms in `tx` (nothing at all when no tenant
 * wants them), with the screen's name and, for a clear, who cleared it (null: the rules, the condition ended).
 */
export async function emitAlarmWebhooks(
  services: Services,
  tx: Tx,
  type: "alarm.raised" | "alarm.cleared",
  changes: readonly AlarmChange[],
  clearedBy: { id: number; name: string } | null = null,
): Promise<void> {
  if (!changes.length || !(await services.webhookEvents.wantsAny([type]))) return;
  const names = new Map(
    (
      await tx
        .select({ id: terminals.id, name: terminals.name })
        .from(terminals)
        .where(inArray(terminals.id, [...new Set(changes.map((c) => c.terminalId))]))
    ).map((t) => [t.id, t.name]),
  );
  await services.webhookEvents.emit(
    tx,
    changes.map((c) => ({
      officeId: c.officeId,
      type,
      data: {
        alarm: { id: c.id, kind: c.kind },
        terminal: { id: c.terminalId, name: names.get(c.terminalId) ?? "" },
        ...(type === "alarm.cleared" ? { clearedBy } : {}),
      },
    })),
  );
}
