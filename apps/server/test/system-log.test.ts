import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { LogListResponse } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../src/db/client";
import { auditLogs, terminalCommands, terminals } from "../src/db/schema";
import { EXACT_TOTAL_LIMIT, listAuditLogs } from "../src/modules/log/repo";
import { ReadCache } from "../src/platform/read-cache";
import {
  ADMIN,
  addOffice,
  addUser,
  auditCountsDrift,
  Client,
  createTestApp,
  initSystem,
  officeOfTerminal,
  signedIn,
  type TestApp,
} from "./helpers";

let t: TestApp;
let admin: Client;
let platformId: number;
let adminId: number;
/** Customer A's administrator's user id. */
let aAdminId: number;
const office = { a: 0, aShop: 0, b: 0 };
/** Customer A's administrator: the log, its export and the terminals, in A's subtree only. */
let aAdmin: Client;
let aViewer: Client;

/** Inserts `n` rows of `action` in one statement: targets are random so the file does not compress to nothing. */
async function insertRows(
  n: number,
  action: string,
  officeId: number,
  userId: number | null,
  username: string,
) {
  await t.database.pool.query(
    `insert into audit_logs (office_id, user_id, username, action, method, path, target, result, status, ip,
       user_agent, duration_ms, detail, created_at)
     select $1, $2, $3, $4, 'POST', $4, md5(random()::text) || md5(random()::text),
       case when g % 4 = 0 then 'fail' else 'ok' end,
       case when g % 4 = 0 then 400 else 200 end,
       '10.0.' || (g % 250) || '.' || (g % 200), 'Mozilla/5.0 (test ' || g || ')', g % 900,
       jsonb_build_object('n', g, 'note', md5(g::text)),
       now() - make_interval(secs => $5 - g)
     from generate_series(1, $5::int) g`,
    [officeId, userId, username, action, n],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  platformId = ids.officeId;
  adminId = ids.userId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, platformId, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const aShop = await addOffice(t, a.id, "institution", "Shop A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  Object.assign(office, { a: a.id, aShop: aShop.id, b: b.id });
  const ua = await addUser(t, a.id, "aadmin", ["sys:log:view", "sys:log:export", "terminal:device:view"]);
  const uv = await addUser(t, aShop.id, "aviewer", ["sys:log:view"]);
  const ub = await addUser(t, b.id, "badmin", ["sys:log:view", "sys:log:export"]);
  aAdmin = await signedIn(t, ua.username, ua.password, "en");
  aAdminId = ua.id;
  aViewer = await signedIn(t, uv.username, uv.password, "en");
  const bAdmin = await signedIn(t, ub.username, ub.password, "en");
  // Real audited calls of each tenant, and rows of their own.
  await aAdmin.post("/a/api/user/saveUserInfo", { name: "A admin" });
  await bAdmin.post("/a/api/user/saveUserInfo", { name: "B admin" });
  await insertRows(40, "/a/api/test/shop", aShop.id, uv.id, "aviewer");
  await insertRows(30, "/a/api/test/b-only", b.id, ub.id, "badmin");
  await insertRows(3000, "/a/api/test/alpha", platformId, adminId, "admin");
  await insertRows(500, "/a/api/test/beta", platformId, adminId, "admin");
});
afterAll(async () => {
  await t?.close();
});

type Row = { id: number; officeId: number | null; username: string | null; action: string; result: string };

async function scrollAll(c: Client, query: Record<string, string | number>) {
  const rows: Row[] = [];
  let lastId: number | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const q: Record<string, string | number> = lastId === null ? query : { ...query, lastId };
    const page = (await c.get("/a/api/log/ajaxScrollLog", q)).json() as {
      code: number;
      list: Row[];
      hasMore: boolean;
      lastId: number | null;
    };
    expect(page.code).toBe(0);
    rows.push(...page.list);
    if (!page.hasMore) {
      expect(page.lastId).toBeNull();
      break;
    }
    expect(page.lastId).toBe(page.list.at(-1)?.id);
    lastId = page.lastId;
  }
  return rows;
}

describe("system log list", () => {
  it("scrolls with a cursor through exactly the filtered rows, and still pages by number", async () => {
    const rows = await scrollAll(admin, { action: "/a/api/test/alpha", result: "fail", pageSize: 100 });
    expect(rows).toHaveLength(750);
    expect(new Set(rows.map((r) => r.id)).size).toBe(750);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.id).toBeLessThan(rows[i - 1]?.id ?? 0);
    for (const r of rows) expect(r).toMatchObject({ action: "/a/api/test/alpha", result: "fail" });

    const page3 = (
      await admin.get("/a/api/log/ajaxScrollLog", {
        action: "/a/api/test/alpha",
        result: "fail",
        pageSize: 100,
        pageNo: 3,
      })
    ).json();
    expect(page3).toMatchObject({ total: 750, pageNo: 3, pageSize: 100, hasMore: true });
    expect(page3.list.map((r: Row) => r.id)).toEqual(rows.slice(200, 300).map((r) => r.id));
  });

  it("keeps one generic plan for its page statements instead of planning every page again", async () => {
    // PostgreSQL plans a prepared statement with its values five times, then keeps a generic plan only if
    // it costs no more. A page's LIMIT and OFFSET, known to a custom plan, made it plan every page again.
    // Enough rows that a page is a small part of its filter, as on any installation that has run a while.
    for (const id of [office.a, office.aShop, platformId])
      await insertRows(4000, "/a/api/test/plans", id, null, "x");
    await t.database.pool.query("analyze audit_logs");
    const single = connect(t.config.databaseUrl ?? "", 1, pino({ level: "silent" }));
    try {
      const services = { ...t.app.services, db: single.db, reads: new ReadCache(0) };
      for (const [userId, action] of [
        [aAdminId, "/a/api/test/plans"], // a range of two offices: the merged statement
        [adminId, "/a/api/test/plans"], // the platform: every office, one statement
      ] as const) {
        const actor = await t.app.services.actors.get(userId);
        if (!actor) throw new Error(`no actor ${userId}`);
        for (let run = 0; run < 10; run++)
          await listAuditLogs(services, actor, { action, pageNo: 1 + (run % 5), pageSize: 20 });
      }
      const statements = (
        await single.pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
          "select name, generic_plans, custom_plans from pg_prepared_statements where name like 'audit_page_%'",
        )
      ).rows;
      expect(statements).toHaveLength(2);
      for (const s of statements) {
        expect(Number(s.custom_plans), s.name).toBeLessThanOrEqual(5);
        expect(Number(s.generic_plans), s.name).toBeGreaterThanOrEqual(5);
      }
    } finally {
      await single.close();
    }
  });

  it("pages a range of a few offices, read office by office and merged, in the trail's order", async () => {
    // Customer A's range is two offices: rows of both, interleaved, with a rare result among them.
    await t.database.pool.query(
      `insert into audit_logs (office_id, user_id, username, action, method, path, result, status, created_at)
       select case when g % 3 = 0 then $1::int else $2::int end, null, 'mixer', '/a/api/test/merge', 'POST',
         '/p', case when g % 17 = 0 then 'fail' else 'ok' end, 200, now()
       from generate_series(1, 1300) g`,
      [office.a, office.aShop],
    );
    const expected = async (result?: string) =>
      (
        await t.database.pool.query<{ id: string }>(
          `select id from audit_logs where office_id = any($1::int[]) and action = '/a/api/test/merge'
             and ($2::text is null or result = $2) order by id desc`,
          [[office.a, office.aShop], result ?? null],
        )
      ).rows.map((r) => Number(r.id));
    for (const result of [undefined, "fail"]) {
      const ids = await expected(result);
      const filter = { action: "/a/api/test/merge", ...(result ? { result } : {}) };
      // By number: shallow pages (merged), and one beyond the merged depth (1,000 rows: the whole range at once).
      for (const [pageNo, pageSize] of [
        [1, 7],
        [2, 7],
        [5, 7],
        [3, 100],
        [12, 100],
      ] as const) {
        const page = (await aAdmin.get("/a/api/log/ajaxScrollLog", { ...filter, pageNo, pageSize })).json();
        expect(page.total).toBe(ids.length);
        const want = ids.slice((pageNo - 1) * pageSize, pageNo * pageSize);
        expect(page.list.map((r: Row) => r.id)).toEqual(want);
        expect(page.hasMore).toBe(ids.length > pageNo * pageSize);
      }
      // By cursor, to the end.
      expect((await scrollAll(aAdmin, { ...filter, pageSize: 50 })).map((r) => r.id)).toEqual(ids);
    }
    // A wider range (the platform's) is read as before: the same rows, newest first.
    const all = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/test/merge", pageSize: 10 })
    ).json();
    expect(all.list.map((r: Row) => r.id)).toEqual((await expected()).slice(0, 10));
  });

  it("filters by user and time range, and refuses an end before the start", async () => {
    // alpha's rows are one second apart, the newest at T
    const top = await t.database.pool.query(
      "select max(created_at) as at from audit_logs where action = '/a/api/test/alpha'",
    );
    const at = new Date(top.rows[0].at).getTime();
    const window = await scrollAll(admin, {
      action: "/a/api/test/alpha",
      beginTime: new Date(at - 99_500).toISOString(),
      endTime: new Date(at - 49_500).toISOString(),
      pageSize: 30,
    });
    expect(window).toHaveLength(50);
    const byUser = await scrollAll(admin, { username: "VIEW", pageSize: 500 });
    expect(byUser.length).toBeGreaterThanOrEqual(40);
    for (const r of byUser) expect(r.username).toBe("aviewer");
    const backwards = await admin.get("/a/api/log/ajaxScrollLog", {
      beginTime: "2026-02-01T00:00:00Z",
      endTime: "2026-01-01T00:00:00Z",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { field: "endTime", message: "must not be earlier than the start time" },
    ]);
    expect((await admin.get("/a/api/log/ajaxScrollLog", { lastId: "abc" })).statusCode).toBe(400);
  });

  it("shows a customer admin only their tenant's rows", async () => {
    const rows = await scrollAll(aAdmin, { pageSize: 500 });
    expect(rows.length).toBeGreaterThanOrEqual(41);
    for (const r of rows) expect([office.a, office.aShop]).toContain(r.officeId);
    expect(rows.some((r) => r.action === "/a/api/test/shop")).toBe(true);
    expect(rows.some((r) => r.action === "/a/api/user/saveUserInfo")).toBe(true);
    // a cursor from another tenant's rows reveals nothing of theirs
    const [bRow] = await t.database.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(eq(auditLogs.officeId, office.b))
      .limit(1);
    const after = (await aAdmin.get("/a/api/log/ajaxScrollLog", { lastId: (bRow?.id ?? 0) + 1 })).json();
    for (const r of after.list) expect([office.a, office.aShop]).toContain(r.officeId);
  });

  it("lists the actions of the caller's range for the filter", async () => {
    const all = (await admin.get("/a/api/log/actions")).json().list as string[];
    expect(all).toEqual(
      expect.arrayContaining(["/a/api/test/alpha", "/a/api/test/beta", "/a/api/test/b-only"]),
    );
    expect(all).toEqual([...all].sort());
    const mine = (await aAdmin.get("/a/api/log/actions")).json().list as string[];
    expect(mine).toEqual(expect.arrayContaining(["/a/api/test/shop", "/a/api/user/saveUserInfo"]));
    expect(mine).not.toContain("/a/api/test/alpha");
    expect(mine).not.toContain("/a/api/test/b-only");
    expect((await new Client(t.app).get("/a/api/log/actions")).statusCode).toBe(401);
  });
});

describe("log details", () => {
  it("answers one row in full within the range, 404 outside it", async () => {
    const [row] = (
      await admin.get("/a/api/log/ajaxScrollLog", { action: "/a/api/test/beta", pageSize: 1 })
    ).json().list;
    const res = await admin.get("/a/api/log/detailsFunc", { id: row.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().log).toMatchObject({
      id: row.id,
      action: "/a/api/test/beta",
      username: "admin",
      userAgent: expect.stringMatching(/^Mozilla\/5\.0 \(test \d+\)$/),
      detail: { n: expect.any(Number), note: expect.any(String) },
      durationMs: expect.any(Number),
    });
    const outside = await aAdmin.get("/a/api/log/detailsFunc", { id: row.id });
    expect(outside.statusCode).toBe(404);
    const missing = await aAdmin.get("/a/api/log/detailsFunc", { id: 999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(outside.json().msg.replace(String(row.id), "N")).toBe(
      missing.json().msg.replace("999999999", "N"),
    );
    const [own] = (await aAdmin.get("/a/api/log/ajaxScrollLog", { pageSize: 1 })).json().list;
    expect((await aAdmin.get("/a/api/log/detailsFunc", { id: own.id })).statusCode).toBe(200);
    expect((await admin.get("/a/api/log/detailsFunc", { id: "x" })).statusCode).toBe(400);
  });

  it("lists each row exactly as its details tell it: times to the millisecond, nulls, quotes, any script", async () => {
    // The list's rows are written as JSON by PostgreSQL, the details by the server from the driver's
    // values: both must say the same, whatever a row holds.
    const action = "/a/api/test/exact";
    await t.database.pool.query(
      `insert into audit_logs (office_id, user_id, username, action, method, path, target, result, status, ip,
         duration_ms, created_at)
       values ($1, null, null, $3, 'POST', '/p', null, 'fail', 500, null, 0, '2026-03-01 23:59:59.999999+00'),
              ($2, $4, '张 "三" \\ é', $3, 'GET', '/p?q="x"', E'a\\nb\\tc\\u2028 😀 </script>', 'ok', 200,
               '::1', 2147483647, '2026-03-02 00:00:00.000500+00'),
              ($2, $4, 'x', $3, 'GET', '/p', 'plain', 'pending', 0, '10.0.0.1', 1, '1999-12-31 23:59:59.5+08')`,
      [office.a, office.aShop, action, aAdminId],
    );
    for (const [caller, name] of [
      [aAdmin, "two offices: the merged statement"],
      [admin, "the platform: one statement"],
    ] as const) {
      const page = await caller.get("/a/api/log/ajaxScrollLog", { action, pageSize: 10 });
      const body = page.json();
      expect(LogListResponse.safeParse(body).success, name).toBe(true);
      expect(body.list, name).toHaveLength(3);
      expect(body.total, name).toBe(3);
      expect(body.list.map((r: { createDate: string }) => r.createDate)).toEqual([
        "1999-12-31T15:59:59.500Z",
        "2026-03-02T00:00:00.000Z",
        "2026-03-01T23:59:59.999Z",
      ]);
      for (const row of body.list) {
        const { userAgent, detail, ...log } = (
          await caller.get("/a/api/log/detailsFunc", { id: row.id })
        ).json().log;
        expect(row, name).toEqual(log);
      }
      // A page beyond the last: no rows, the filter's total still.
      const beyond = (
        await caller.get("/a/api/log/ajaxScrollLog", { action, pageNo: 9, pageSize: 10 })
      ).json();
      expect(beyond).toMatchObject({ list: [], total: 3, hasMore: false, lastId: null });
      // A scroll's total is the filter's, not what is left after the cursor.
      const next = (
        await caller.get("/a/api/log/ajaxScrollLog", { action, pageSize: 1, lastId: body.list[0].id })
      ).json();
      expect(next).toMatchObject({ total: 3, hasMore: true, lastId: body.list[1].id });
      expect(next.list.map((r: { id: number }) => r.id)).toEqual([body.list[1].id]);
    }
  });
});

/** Reads an .xlsx answer back: the header and the rows of the first sheet. */
async function readBook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(values(n));
  return { name: sheet.name, header: values(1), rows };
}

describe("log export", () => {
  it("exports the filtered rows as .xlsx with localised headers and the chosen time zone", async () => {
    const res = await admin.request("POST", "/a/sys/log/logExport", {
      json: { action: "/a/api/test/alpha", result: "fail", timezone: "Asia/Shanghai" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="system-log-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = await readBook(res.rawPayload);
    expect(book.name).toBe("System log");
    expect(book.header).toEqual([
      "No.",
      "Time (Asia/Shanghai)",
      "User",
      "Action",
      "Method",
      "Target",
      "Result",
      "HTTP status",
      "IP address",
      "Duration (ms)",
      "Client (user agent)",
      "Details",
    ]);
    expect(book.rows).toHaveLength(750);
    const expected = await t.database.pool.query(
      `select id, created_at from audit_logs where action = '/a/api/test/alpha' and result = 'fail' order by id desc`,
    );
    expect(book.rows.map((r) => r[0])).toEqual(expected.rows.map((r: { id: string }) => Number(r.id)));
    for (const r of book.rows) {
      // An action the catalogue does not name reads as words, not as its path.
      expect(r[3]).toBe("Test › alpha");
      expect(r[6]).toBe("Failed");
      expect(r[7]).toBe(400);
    }
    // Shanghai is UTC+8 all year: the cell shows that wall-clock time.
    const first = book.rows[0]?.[1] as Date;
    const at = new Date(expected.rows[0].created_at).getTime();
    expect(Math.abs(first.getTime() - (at + 8 * 3600_000))).toBeLessThan(1000);

    // the export is audited with its filter
    const audit = (await admin.get("/a/api/log/ajaxScrollLog", { action: "logExport" })).json().list[0];
    const detail = (await admin.get("/a/api/log/detailsFunc", { id: audit.id })).json().log;
    expect(detail).toMatchObject({
      target: "log:export",
      result: "ok",
      detail: { action: "/a/api/test/alpha", result: "fail", timezone: "Asia/Shanghai" },
    });
  });

  it("writes the headers in the caller's language", async () => {
    const zh = await signedIn(t, ADMIN.username, ADMIN.password, "zh_CN");
    const res = await zh.request("POST", "/a/sys/log/logExport", { json: { action: "/a/api/test/beta" } });
    const book = await readBook(res.rawPayload);
    expect(book.name).toBe("系统日志");
    expect(book.header.slice(0, 3)).toEqual(["序号", "时间（UTC）", "用户"]);
    expect(book.rows).toHaveLength(500);
    expect(new Set(book.rows.map((r) => r[6]))).toEqual(new Set(["成功", "失败"]));
  });

  it("exports only the caller's tenant, needs sys:log:export, and checks the filter", async () => {
    const res = await aAdmin.request("POST", "/a/sys/log/logExport", { json: {} });
    expect(res.statusCode).toBe(200);
    const book = await readBook(res.rawPayload);
    const theirs = await t.database.pool.query(
      "select id from audit_logs where office_id = any($1::int[]) and id <= $2 order by id desc",
      [[office.a, office.aShop], book.rows[0]?.[0]],
    );
    expect(book.rows.map((r) => r[0])).toEqual(theirs.rows.map((r: { id: string }) => Number(r.id)));

    const denied = await aViewer.request("POST", "/a/sys/log/logExport", { json: {} });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe("Request denied: you lack the permission sys:log:export");
    const backwards = await admin.request("POST", "/a/sys/log/logExport", {
      json: { beginTime: "2026-02-01", endTime: "2026-01-01" },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].field).toBe("endTime");
    const zone = await admin.request("POST", "/a/sys/log/logExport", { json: { timezone: "Mars/Olympus" } });
    expect(zone.statusCode).toBe(400);
  });

  it("streams a large export in batches with bounded memory", async () => {
    // 50 batches of EXPORT_BATCH rows: enough to tell streaming from reading everything first.
    const ROWS = 100_000;
    const CUT = 25_000;
    await insertRows(ROWS, "/a/api/test/bulk", platformId, adminId, "admin");
    const ids = await t.database.pool.query(
      "select min(id)::bigint as lo from audit_logs where action = '/a/api/test/bulk'",
    );
    const lo = Number(ids.rows[0].lo);

    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as AddressInfo).port;
    const exportDir = mkdtempSync(path.join(tmpdir(), "marquee-export-"));
    const file = path.join(exportDir, "bulk.xlsx");
    const body = JSON.stringify({ action: "/a/api/test/bulk" });

    // The memory that is alive (after a full collection): the heap and the buffers outside it,
    // where a stream that is not drained keeps what it holds.
    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const heapBefore = live();
    let heapMax = heapBefore;
    let cutDone = false;
    const result = await new Promise<{ status: number; chunks: number; bytes: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/apm-web/a/sys/log/logExport",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-requested-with": "XMLHttpRequest",
            origin: `http://127.0.0.1:${port}`,
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          },
        },
        (res) => {
          const out = createWriteStream(file);
          let chunks = 0;
          let bytes = 0;
          let holding = false;
          res.on("data", (c: Buffer) => {
            chunks++;
            bytes += c.length;
            if (chunks % 400 === 0) heapMax = Math.max(heapMax, live());
            if (!out.write(c)) {
              res.pause();
              out.once("drain", () => {
                if (!holding) res.resume();
              });
            }
            if (chunks === 1) {
              // The first bytes are here. Hold the download and delete the oldest rows: had the
              // server read every row before answering, the file would still hold them.
              holding = true;
              res.pause();
              t.database.pool
                .query("delete from audit_logs where action = '/a/api/test/bulk' and id < $1", [lo + CUT])
                .then(() => {
                  cutDone = true;
                  holding = false;
                  res.resume();
                }, reject);
            }
          });
          res.on("end", () => out.end());
          out.on("finish", () => resolve({ status: res.statusCode ?? 0, chunks, bytes }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });

    expect(result.status).toBe(200);
    expect(cutDone).toBe(true);
    expect(result.chunks).toBeGreaterThan(10);
    expect(statSync(file).size).toBe(result.bytes);
    // Generous (a few MB in practice): the 100,000 rows alone, held at once, take well over 50 MB.
    const growthMb = (heapMax - heapBefore) / 1024 / 1024;
    expect(growthMb).toBeLessThan(25);

    // Read back without loading it whole: every row after the cut, none before it.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "ignore",
      hyperlinks: "ignore",
      entries: "emit",
    });
    let rows = 0;
    let minId = Number.POSITIVE_INFINITY;
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number === 1) continue;
        rows++;
        minId = Math.min(minId, Number((row.values as unknown[])[1]));
      }
    }
    expect(rows).toBe(ROWS - CUT);
    expect(minId).toBe(lo + CUT);
    rmSync(exportDir, { recursive: true, force: true });

    // A client that goes away half-way stops the export; the server carries on serving.
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/apm-web/a/sys/log/logExport",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-requested-with": "XMLHttpRequest",
            origin: `http://127.0.0.1:${port}`,
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          },
        },
        (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on("error", (err) => (req.destroyed ? resolve() : reject(err)));
      req.end(body);
    });
    expect((await admin.get("/a/api/log/actions")).statusCode).toBe(200);
  }, 120_000);
});

describe("log totals", () => {
  const list = (client: Client, q: Record<string, string | number>) =>
    client.get("/a/api/log/ajaxScrollLog", { pageSize: 10, ...q }).then((r) => r.json());
  /** Rows written here beside the app: its read cache drops the log's answers as the audit plugin does. */
  const written = async (text: string, params: unknown[] = []) => {
    await t.database.pool.query(text, params);
    t.app.services.reads.bump("audit_logs");
  };
  const counted = async (where: string, params: unknown[]) =>
    Number(
      (await t.database.pool.query(`select count(*) as n from audit_logs where ${where}`, params)).rows[0].n,
    );

  it("answers an action's or a result's total exactly at any size, and estimates a large one of a name or time range", async () => {
    await insertRows(EXACT_TOTAL_LIMIT, "/a/api/test/at-limit", office.a, null, "aadmin");
    await insertRows(EXACT_TOTAL_LIMIT + 1, "/a/api/test/over-limit", office.a, null, "aadmin");
    await t.database.pool.query("analyze audit_logs");

    expect(await list(aAdmin, { action: "/a/api/test/at-limit" })).toMatchObject({
      total: EXACT_TOTAL_LIMIT,
      totalEstimated: false,
    });
    expect(await list(aAdmin, { action: "/a/api/test/shop" })).toMatchObject({
      total: 40,
      totalEstimated: false,
    });
    // Beyond the limit an action (and a result) is still exact: summed from the counts, not counted.
    const over = await list(aAdmin, { action: "/a/api/test/over-limit" });
    expect(over).toMatchObject({ total: EXACT_TOTAL_LIMIT + 1, totalEstimated: false });
    expect(await list(aAdmin, { action: "/a/api/test/over-limit", result: "fail" })).toMatchObject({
      total: await counted("action = '/a/api/test/over-limit' and result = 'fail'", []),
      totalEstimated: false,
    });
    // A name or a time range is counted, up to the limit; beyond it, estimated.
    const byName = await list(aAdmin, { action: "/a/api/test/over-limit", username: "aadmin" });
    expect(byName.totalEstimated).toBe(true);
    expect(byName.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    const byTime = await list(aAdmin, {
      action: "/a/api/test/over-limit",
      beginTime: "2000-01-01T00:00:00Z",
    });
    expect(byTime.totalEstimated).toBe(true);
    expect(byTime.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // The page itself is exact: the newest ten of the action, then the keyset page after them.
    const [newest] = (
      await t.database.pool.query<{ id: number }>(
        "select max(id) as id from audit_logs where action = '/a/api/test/over-limit'",
      )
    ).rows;
    expect(over.list.map((r: Row) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => (newest?.id ?? 0) - i),
    );
    const next = await list(aAdmin, { action: "/a/api/test/over-limit", lastId: over.lastId });
    expect(next.list[0].id).toBe((newest?.id ?? 0) - 10);
    expect(next).toMatchObject({ total: EXACT_TOTAL_LIMIT + 1, totalEstimated: false, hasMore: true });
    // The platform's range (everything, rows of no office included) is exact too; a name over it is estimated.
    const all = await list(admin, {});
    expect(all).toMatchObject({ totalEstimated: false });
    expect(all.total).toBe(await counted("true", []));
    expect(await list(admin, { username: "admin" })).toMatchObject({ totalEstimated: true });
  });

  it("keeps the totals exact through concurrent calls, results that change, and rows removed", async () => {
    const action = "/a/api/user/saveUserInfo";
    const before = (await list(aAdmin, { action })).total;
    // Each call writes its row pending, then completes it ok (or, refused, writes it failed at the answer).
    const calls = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        aAdmin.post("/a/api/user/saveUserInfo", i % 3 === 0 ? { name: "x".repeat(500) } : { name: `A ${i}` }),
      ),
    );
    expect(calls.filter((r) => r.statusCode === 200)).toHaveLength(16);
    expect(calls.filter((r) => r.statusCode === 400)).toHaveLength(8);
    const mine = "action = $1 and office_id = any($2::int[])";
    const range = [action, [office.a, office.aShop]];
    expect((await list(aAdmin, { action })).total).toBe(before + 24);
    expect((await list(aAdmin, { action, result: "fail" })).total).toBe(
      await counted(`${mine} and result = 'fail'`, range),
    );
    expect((await list(aAdmin, { action, result: "ok" })).total).toBe(
      await counted(`${mine} and result = 'ok'`, range),
    );
    // A row whose call never ended (its process died), then the process reaper's verdict; then rows removed.
    await written(
      `insert into audit_logs (office_id, username, action, method, path, result, status)
       select $1, 'aadmin', $2, 'POST', $2, 'pending', 0 from generate_series(1, 5)`,
      [office.a, action],
    );
    expect((await list(aAdmin, { action, result: "pending" })).total).toBe(5);
    await written("update audit_logs set result = 'interrupted' where result = 'pending' and action = $1", [
      action,
    ]);
    expect((await list(aAdmin, { action, result: "pending" })).total).toBe(0);
    expect((await list(aAdmin, { action, result: "interrupted" })).total).toBe(5);
    await written("delete from audit_logs where action = '/a/api/test/shop' and id % 2 = 0");
    expect((await list(aAdmin, { action: "/a/api/test/shop" })).total).toBe(
      await counted("action = '/a/api/test/shop'", []),
    );
    expect(await auditCountsDrift(t.database.pool)).toEqual([]);
  });
});

describe("terminal commands (ajaxScrollCmd)", () => {
  it("scrolls the commands of the caller's range with filters", async () => {
    const db = t.database.db;
    const screen = async (officeId: number, name: string) => {
      const [row] = await db
        .insert(terminals)
        .values({
          officeId,
          name,
          deviceId: `device-${name}`,
          tokenHash: `hash-${name}`,
          enrolCode: `C${name.slice(-5).toUpperCase().padStart(5, "0")}`,
          state: "authorised",
          model: "Web player",
          version: "1.0.0",
          width: 1920,
          height: 1080,
        })
        .returning();
      if (!row) throw new Error("no terminal");
      return row;
    };
    const lobby = await screen(office.aShop, "Lobby-A1");
    const hall = await screen(office.a, "Hall-A2");
    const other = await screen(office.b, "Gate-B1");
    const base = Date.now() - 3600_000;
    const names = ["refresh", "screenshot", "volume"] as const;
    const states = ["done", "failed", "timeout", "offline"] as const;
    const rows = Array.from({ length: 45 }, (_, i) => ({
      id: `cmd${String(i).padStart(3, "0")}`,
      terminalId: [lobby.id, hall.id, other.id][i % 3] as number,
      officeId: officeOfTerminal([lobby.id, hall.id, other.id][i % 3] as number),
      name: names[i % 3] as string,
      args: i % 3 === 2 ? { volume: 30 } : {},
      state: states[i % 4] as (typeof states)[number],
      reason: i % 4 === 1 ? "Player crashed" : null,
      createdBy: adminId,
      // pairs share a time: the order falls back on the id
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
    }));
    await db.insert(terminalCommands).values(rows);

    const scroll = async (c: Client, query: Record<string, string | number>) => {
      const out: Array<{ id: string; terminalName: string; name: string; state: string; officeId: number }> =
        [];
      let lastId: string | null = null;
      for (let guard = 0; guard < 100; guard++) {
        const res = await c.get("/a/api/sysSetting/ajaxScrollCmd", {
          ...query,
          ...(lastId ? { lastId } : {}),
        });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        out.push(...page.list);
        if (!page.hasMore) break;
        lastId = page.lastId;
      }
      return out;
    };

    const all = await scroll(admin, { size: 7 });
    expect(all.map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(all[0]).toMatchObject({ createdByName: "admin", deviceId: expect.stringMatching(/^device-/) });

    const mine = await scroll(aAdmin, { size: 4 });
    expect(mine).toHaveLength(30);
    for (const r of mine) expect([office.a, office.aShop]).toContain(r.officeId);

    const lobbyFailed = await scroll(aAdmin, { keyword: "lobby", state: "failed" });
    expect(lobbyFailed.map((r) => r.id)).toEqual(
      rows
        .filter((r) => r.terminalId === lobby.id && r.state === "failed")
        .map((r) => r.id)
        .reverse(),
    );
    const shots = await scroll(admin, { name: "screenshot", size: 100 });
    expect(shots).toHaveLength(15);
    const window = await scroll(admin, {
      beginTime: new Date(base + 5 * 60_000).toISOString(),
      endTime: new Date(base + 9 * 60_000).toISOString(),
    });
    expect(window.map((r) => r.id)).toEqual([
      "cmd019",
      "cmd018",
      "cmd017",
      "cmd016",
      "cmd015",
      "cmd014",
      "cmd013",
      "cmd012",
      "cmd011",
      "cmd010",
    ]);

    // a cursor of another tenant's command answers like a missing one
    const foreign = rows.find((r) => r.terminalId === other.id)?.id ?? "";
    const cross = await aAdmin.get("/a/api/sysSetting/ajaxScrollCmd", { lastId: foreign });
    expect(cross.statusCode).toBe(404);
    expect((await aAdmin.get("/a/api/sysSetting/ajaxScrollCmd", { lastId: "nope" })).statusCode).toBe(404);
    // sys:log:view is enough; the time range is checked
    expect((await aViewer.get("/a/api/sysSetting/ajaxScrollCmd")).statusCode).toBe(200);
    const backwards = await admin.get("/a/api/sysSetting/ajaxScrollCmd", {
      beginTime: "2026-02-01",
      endTime: "2026-01-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0]).toEqual({
      field: "endTime",
      message: "must not be earlier than the start time",
    });
    expect((await admin.get("/a/api/sysSetting/ajaxScrollCmd", { state: "lost" })).statusCode).toBe(400);
    const nobody = await addUser(t, office.a, "cmdnobody", []);
    const n = await signedIn(t, nobody.username, nobody.password, "en");
    const denied = await n.get("/a/api/sysSetting/ajaxScrollCmd");
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe(
      "Request denied: you lack the permission terminal:device:view | sys:log:view",
    );
  });
});
