import type { HomeSummaryResponse, Permission, TargetState } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import { DEFAULT_MESSAGE, instantOfLocal, localDateOf } from "@marquee/schedule";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alarms,
  materials,
  offices,
  playPlans,
  programs,
  publications,
  publicationTargets,
  publishMessages,
  terminalOnlineSpans,
} from "../src/db/schema";
import { shiftDay } from "../src/modules/home/summary";
import { runRollups } from "../src/modules/statistics/rollup";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { insertTerminal } from "./terminal-helpers";

/**
 * The home page's summary: every figure equals what the screen
 * behind it counts for the same user, inside the user's data range, and a
 * block whose screen the user may not open is absent.
 */

const EVERYTHING: Permission[] = [
  "terminal:device:view",
  "terminal:alarm:view",
  "content:material:view",
  "content:material:review",
  "content:program:view",
  "content:program:review",
  "content:playPlan:view",
  "content:playPlan:review",
  "content:message:view",
  "content:message:review",
];

let t: TestApp;
let admin: Client;
let acme: Client;
let reviewer: Client;
let planViewer: Client;
const office = { platform: 0, acme: 0, acmeShop: 0, other: 0 };
const user = { admin: 0, acme: 0 };
/** Acme's terminals by status. */
const acmeTerminals = { online: [] as number[], fault: 0, offline: 0, pending: 0, disabled: 0 };
const otherTerminals: number[] = [];
const acmeAlarmIds: number[] = [];
const acmePublicationIds: number[] = [];
const ACME_CAPACITY = 10 * 1024 ** 3;

const summary = async (c: Client) => {
  const res = await c.get("/a/api/home/summary");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HomeSummaryResponse;
};
const totalOf = async (c: Client, url: string, query: Record<string, string | number> = {}) => {
  const res = await c.get(url, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};

async function seedContent(officeId: number, createdBy: number, pending: Record<string, number>) {
  const db = t.database.db;
  const doc = createProgram({ width: 1920, height: 1080 });
  for (let i = 0; i < (pending.program ?? 0); i++)
    await db
      .insert(programs)
      .values({ officeId, name: `P${i}`, width: 1920, height: 1080, doc, state: "pending", createdBy });
  await db
    .insert(programs)
    .values({ officeId, name: "Draft", width: 1920, height: 1080, doc, state: "draft", createdBy });
  for (let i = 0; i < (pending.plan ?? 0); i++)
    await db.insert(playPlans).values({
      officeId,
      name: `Plan ${i}`,
      doc: { items: [], defaultProgramId: null },
      state: "pending",
      createdBy,
    });
  for (let i = 0; i < (pending.message ?? 0); i++)
    await db.insert(publishMessages).values({
      officeId,
      name: `Message ${i}`,
      doc: { ...DEFAULT_MESSAGE, text: "Hello" },
      kind: "scroll",
      priority: "normal",
      state: "pending",
      createdBy,
    });
  for (let i = 0; i < (pending.material ?? 0); i++)
    await db.insert(materials).values({
      officeId,
      name: `m${i}.png`,
      type: "image",
      md5: `${officeId}-pending-${i}`,
      size: 1000 + i,
      reviewState: "pending",
      createdBy,
    });
  // Neither counts as waiting: an approved library material, a pending widget image.
  await db.insert(materials).values([
    { officeId, name: "ok.png", type: "image", md5: `${officeId}-ok`, size: 5000, createdBy },
    {
      officeId,
      name: "w.png",
      type: "image",
      md5: `${officeId}-widget`,
      size: 7,
      purpose: "widget",
      reviewState: "pending",
      createdBy,
    },
  ]);
}

async function publish(officeId: number, n: number, targets: Array<[number, TargetState]>) {
  const db = t.database.db;
  const [program] = await db
    .insert(programs)
    .values({
      officeId,
      name: `Published ${officeId}-${n}`,
      width: 1920,
      height: 1080,
      doc: createProgram({ width: 1920, height: 1080 }),
      state: "published",
    })
    .returning({ id: programs.id });
  if (!program) throw new Error("program not inserted");
  const [pub] = await db
    .insert(publications)
    .values({
      officeId,
      tenantId: officeId,
      kind: "program",
      contentId: program.id,
      name: `pub ${officeId}-${n}`,
      state: "active",
      activatedAt: new Date(),
      targetCount: targets.length,
    })
    .returning({ id: publications.id });
  if (!pub) throw new Error("publication not inserted");
  if (targets.length)
    await db
      .insert(publicationTargets)
      .values(targets.map(([terminalId, state]) => ({ publicationId: pub.id, terminalId, state })));
  return pub.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  office.platform = ids.officeId;
  user.admin = ids.userId;
  const db = t.database.db;
  const acmeOffice = await addOffice(t, office.platform, "customer", "Acme");
  office.acme = acmeOffice.id;
  office.acmeShop = (await addOffice(t, office.acme, "institution", "Acme shop")).id;
  office.other = (await addOffice(t, office.platform, "customer", "Other")).id;
  await db
    .update(offices)
    .set({ capacityBytes: ACME_CAPACITY, terminalQuota: 10 })
    .where(eq(offices.id, office.acme));
  await t.app.services.settings.set("capacitySetting", "true", null);
  t.app.services.tree.invalidate();

  const acmeUser = await addUser(t, office.acme, "acmeboss", EVERYTHING);
  user.acme = acmeUser.id;
  await addUser(t, office.acme, "progreviewer", ["content:program:review"]);
  await addUser(t, office.acme, "planviewer", ["content:playPlan:view"]);
  admin = await signedIn(t, ADMIN.username, ADMIN.password);
  acme = await signedIn(t, "acmeboss", acmeUser.password);
  reviewer = await signedIn(t, "progreviewer", "progreviewerPass1");
  planViewer = await signedIn(t, "planviewer", "planviewerPass1");

  // Acme: two online (one in the shop below), one with a fault, one offline, one waiting, one disabled.
  const app = t.app;
  acmeTerminals.online.push(await insertTerminal(app, office.acme, { online: true }));
  acmeTerminals.online.push(await insertTerminal(app, office.acmeShop, { online: true }));
  acmeTerminals.fault = await insertTerminal(app, office.acme, { online: true, fault: "panel too hot" });
  acmeTerminals.offline = await insertTerminal(app, office.acme, { online: false });
  acmeTerminals.pending = await insertTerminal(app, office.acme, { state: "pending" });
  acmeTerminals.disabled = await insertTerminal(app, office.acme, { state: "disabled" });
  // Another customer's, never counted for Acme.
  otherTerminals.push(await insertTerminal(app, office.other, { online: true }));
  otherTerminals.push(await insertTerminal(app, office.other, { online: true }));
  otherTerminals.push(await insertTerminal(app, office.other, { online: false }));

  // Alarms: three open in Acme (latest activity in this order), one cleared; two open elsewhere.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const acmeAlarms = await db
    .insert(alarms)
    .values([
      {
        terminalId: acmeTerminals.fault,
        officeId: office.acme,
        kind: "fault",
        message: "hot",
        raisedAt: at(50),
        lastAt: at(5),
      },
      {
        terminalId: acmeTerminals.offline,
        officeId: office.acme,
        kind: "offline",
        message: "gone",
        raisedAt: at(40),
        lastAt: at(10),
      },
      {
        terminalId: acmeTerminals.online[1] as number,
        officeId: office.acmeShop,
        kind: "downloadFailed",
        message: "a.mp4: 404",
        raisedAt: at(30),
        lastAt: at(20),
      },
      {
        terminalId: acmeTerminals.online[0] as number,
        officeId: office.acme,
        kind: "playbackError",
        message: "old",
        state: "cleared",
        raisedAt: at(90),
        lastAt: at(1),
        clearedAt: at(1),
      },
    ])
    .returning({ id: alarms.id });
  acmeAlarmIds.push(...acmeAlarms.slice(0, 3).map((a) => a.id));
  await db.insert(alarms).values(
    otherTerminals.slice(0, 2).map((terminalId, i) => ({
      terminalId,
      officeId: office.other,
      kind: "fault" as const,
      message: "other",
      raisedAt: at(3),
      lastAt: at(i),
    })),
  );

  await seedContent(office.acme, user.acme, { material: 2, program: 2, plan: 1, message: 3 });
  await seedContent(office.acmeShop, user.acme, { program: 1 });
  await seedContent(office.other, user.admin, { material: 4, program: 4, plan: 4, message: 4 });

  // Six publications in Acme (the page lists five), one elsewhere.
  const [a, b, c, d] = [...acmeTerminals.online, acmeTerminals.fault, acmeTerminals.offline] as number[];
  for (let i = 0; i < 5; i++)
    acmePublicationIds.push(await publish(office.acme, i, [[a as number, "playing"]]));
  acmePublicationIds.push(
    await publish(office.acme, 5, [
      [a as number, "playing"],
      [b as number, "downloaded"],
      [c as number, "failed"],
      [d as number, "offline"],
    ]),
  );
  await publish(office.other, 0, [[otherTerminals[0] as number, "failed"]]);
});

afterAll(async () => {
  await t?.close();
});

describe("GET /a/api/home/summary", () => {
  it("counts the terminals of the caller's range as terminal monitoring does", async () => {
    const s = await summary(acme);
    expect(s.terminals).toMatchObject({
      total: 6,
      online: 2,
      offline: 1,
      fault: 1,
      unauthorised: 1,
      disabled: 1,
    });
    const direct = (await acme.get("/a/api/terminal/terminalStatusCount")).json();
    for (const k of ["total", "online", "offline", "fault", "unauthorised", "disabled"] as const)
      expect(s.terminals?.[k], k).toBe(direct[k]);
    for (const status of ["online", "offline", "fault", "unauthorised", "disabled"] as const)
      expect(s.terminals?.[status]).toBe(await totalOf(acme, "/a/api/terminal/list", { status }));
    // The platform sees both customers.
    const all = await summary(admin);
    expect(all.terminals).toMatchObject({ total: 9, online: 4, offline: 2 });
  });

  it("answers the open alarms and the five newest, as the alarm list shows them", async () => {
    const s = await summary(acme);
    expect(s.alarms?.open).toBe(3);
    expect(s.alarms?.open).toBe(
      await totalOf(acme, "/a/api/abnormalAlarm/abnormalAlarmList", { state: "open" }),
    );
    expect(s.alarms?.latest.map((a) => a.id)).toEqual(acmeAlarmIds);
    expect(s.alarms?.latest.every((a) => a.state === "open")).toBe(true);
    expect((await summary(admin)).alarms?.open).toBe(5);
  });

  it("counts what waits for the caller's review as the review lists do", async () => {
    const s = await summary(acme);
    // The shop's program lies in Acme's range; the other customer's items do not.
    expect(s.review).toEqual({ material: 2, program: 3, plan: 1, message: 3 });
    expect(s.review?.material).toBe(await totalOf(acme, "/a/api/material/checklist"));
    expect(s.review?.program).toBe(await totalOf(acme, "/a/api/publishProgram/checklist"));
    expect(s.review?.plan).toBe(await totalOf(acme, "/a/api/playPlan/checklist"));
    expect(s.review?.message).toBe(await totalOf(acme, "/a/api/publishMessage/checklist"));
    expect((await summary(admin)).review).toEqual({ material: 6, program: 7, plan: 5, message: 7 });
  });

  it("lists the latest publications with their delivery per terminal", async () => {
    const s = await summary(acme);
    expect(s.publications?.total).toBe(6);
    expect(s.publications?.total).toBe(await totalOf(acme, "/a/api/publication/list"));
    const latest = s.publications?.latest ?? [];
    expect(latest.map((p) => p.id)).toEqual([...acmePublicationIds].reverse().slice(0, 5));
    const newest = latest[0];
    expect(newest).toMatchObject({ kind: "program", targetCount: 4, delivered: 2, pending: 1, failed: 1 });
    expect(newest?.counts).toMatchObject({ playing: 1, downloaded: 1, failed: 1, offline: 1, queued: 0 });
    expect(newest?.contentName).toBe(`Published ${office.acme}-5`);
    // The same counts as the publication's own view.
    const details = (await acme.get("/a/api/publication/details", { id: newest?.id ?? 0 })).json();
    expect(details.publication.counts).toEqual(newest?.counts);
  });

  it("answers storage against the tenant's quota and terminals against the terminal quota", async () => {
    const s = await summary(acme);
    const usage = (await acme.get("/a/api/material/usage")).json();
    // Each stored file once: Acme's two pending, and Acme's and the shop's approved one and widget image.
    expect(s.storage).toEqual({ used: 1000 + 1001 + 2 * (5000 + 7), capacity: ACME_CAPACITY });
    expect(s.storage).toEqual({ used: usage.used, capacity: usage.capacity });
    // Seats: authorised terminals (the disabled one was never authorised).
    expect(s.terminalQuota).toEqual({ used: 4, quota: 10, officeName: "Acme" });
    await t.app.services.settings.set("capacitySetting", "false", null);
    expect((await summary(acme)).storage?.capacity).toBeNull();
    await t.app.services.settings.set("capacitySetting", "true", null);
  });

  it("leaves out every block whose screen the caller may not open", async () => {
    const s = await summary(reviewer);
    expect(Object.keys(s).sort()).toEqual(["at", "code", "msg", "review", "timezone"]);
    expect(s.review).toEqual({ program: 3 });
    // Viewing plans shows plan publications only: Acme has none.
    const p = await summary(planViewer);
    expect(p.publications).toEqual({ total: 0, latest: [] });
    expect(p.terminals).toBeUndefined();
    expect(p.review).toBeUndefined();
    const anonymous = await t.app.inject({ method: "GET", url: "/apm-web/a/api/home/summary" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("draws the online trend from the daily roll-ups, today counted live", async () => {
    const zone = await t.app.services.settings.get("defaultTimezone");
    const now = t.app.services.clock.now();
    const today = localDateOf(zone, now.getTime());
    const before = (await summary(acme)).terminals?.trend ?? [];
    expect(before).toHaveLength(14);
    expect(before.at(-1)).toEqual({ day: today, online: 3, terminals: 4 });
    expect(before[0]?.day).toBe(shiftDay(today, -13));
    // Nothing rolled up yet: the past days are gaps, not zeros.
    expect(before.slice(0, -1).every((d) => d.online === null)).toBe(true);

    // Two days ago: both online Acme screens on for an hour, and one of the other customer's.
    const day = shiftDay(today, -2);
    const start = new Date(instantOfLocal(zone, day, "10:00"));
    const end = new Date(start.getTime() + 3_600_000);
    await t.database.db.insert(terminalOnlineSpans).values(
      [...acmeTerminals.online, otherTerminals[0] as number].map((terminalId) => ({
        terminalId,
        startedAt: start,
        endedAt: end,
      })),
    );
    await runRollups(t.app.services, { now });
    const after = (await summary(acme)).terminals?.trend ?? [];
    const point = after.find((d) => d.day === day);
    expect(point?.online).toBe(2);
    // Acme's authorised terminals that existed that day (inserted today, so only those seen online count).
    expect(after.find((d) => d.day === shiftDay(today, -1))?.online).toBe(0);
    expect((await summary(admin)).terminals?.trend.find((d) => d.day === day)?.online).toBe(3);
    expect(after.at(-1)?.online).toBe(3);
  });
});
