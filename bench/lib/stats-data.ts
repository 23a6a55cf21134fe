import { TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { createProgram, createWidget, type ProgramDoc, type Widget } from "@marquee/program";
import type pg from "pg";
import { hashPassword } from "../../apps/server/src/platform/password";

/**
 * The data of `npm run bench:stats`, generated in SQL (generate_series,
 * INSERT … SELECT) straight into the server's database: a platform with
 * customers and their institutions, authorised terminals, users, materials,
 * programs (with widgets), publications, a year of daily roll-ups, and raw
 * proof-of-play rows (play_events) with the proof-of-play roll-ups counted
 * from exactly those rows in the same statement, one day at a time.
 *
 * Every figure is deterministic (hashint4 of ids and day numbers), so two
 * runs of the same size hold the same data. The roll-ups are written as the
 * roll-up job would leave them: rows per terminal (or user) and calendar day
 * in `defaultTimezone`, each under the office it was counted in.
 */

export interface StatsScale {
  terminals: number;
  days: number;
  /** Raw play_events rows wanted (fewer when they do not fit in `popBudgetMs`). */
  popRows: number;
  customers: number;
  institutionsPerCustomer: number;
  /** A multiple of 10 (the material types repeat every 10). */
  materialsPerCustomer: number;
  programsPerCustomer: number;
  usersPerInstitution: number;
  /** Time allowed for writing the raw rows; later days get fewer rows when the rate says they would not fit. */
  popBudgetMs: number;
}

export interface GeneratedData {
  timezone: string;
  /** The generated days, both included (the last is yesterday in `timezone`). */
  firstDay: string;
  lastDay: string;
  platformId: number;
  customers: Array<{ id: number; path: string; name: string; admin: { username: string; password: string } }>;
  firstTerminalId: number;
  /** Rows per table, counted after the load. */
  rows: Array<{ table: string; rows: number }>;
  /** play_events rows wanted and written. */
  popWanted: number;
  popWritten: number;
  seconds: number;
}

/** The widget ids every generated program uses, so that proof-of-play rows name real widgets. */
const SCENE_ID = "scene1";
const W = { video: "wvideo", image: "wimage", text: "wtext", clock: "wclock", button: "wbutton" } as const;
const MATERIAL_TYPES = [
  "image",
  "image",
  "image",
  "image",
  "video",
  "video",
  "video",
  "audio",
  "document",
  "image",
] as const;
const PAGES = ["home", "programList", "terminalList", "materialList", "publishList", "dataStatistics"];
export const BENCH_PASSWORD = "Bench-stats-1";

/** Index (0 … materialsPerCustomer-1) of the video and the image program k of a customer shows. */
function videoOf(k: number, perCustomer: number): number {
  return 4 + (k % 3) + 10 * (Math.floor(k / 3) % (perCustomer / 10));
}
function imageOf(k: number, perCustomer: number): number {
  return (k % 4) + 10 * (Math.floor(k / 4) % (perCustomer / 10));
}

function programDoc(videoId: number, imageId: number): ProgramDoc {
  const size = { width: 1920, height: 1080 };
  const doc = createProgram(size);
  const scene = doc.scenes[0];
  if (!scene) throw new Error("createProgram made no scene");
  scene.id = SCENE_ID;
  const widgets: Widget[] = [
    { ...createWidget("video", size, { z: 0 }), id: W.video, name: "Spot" },
    { ...createWidget("image", size, { z: 1 }), id: W.image, name: "Poster" },
    { ...createWidget("text", size, { z: 2 }), id: W.text, name: "Headline" },
    { ...createWidget("clock", size, { z: 3 }), id: W.clock, name: "Clock" },
    { ...createWidget("button", size, { z: 4 }), id: W.button, name: "More" },
  ];
  for (const w of widgets) {
    if (w.type === "video") w.props.materialId = videoId;
    if (w.type === "image") w.props.materialId = imageId;
  }
  scene.widgets = widgets;
  return doc;
}

const secondsSince = (t: number) => (performance.now() - t) / 1000;
const fmt = (n: number) => n.toLocaleString("en-US");

/** Drops every index (constraints' too) of `tables` and answers how to build them again, as they were. */
async function dropIndexes(client: pg.Client, tables: string[]): Promise<() => Promise<string[]>> {
  const { rows } = await client.query<{
    name: string;
    tbl: string;
    def: string;
    con: string | null;
    condef: string | null;
  }>(
    `select ic.relname as name, c.relname as tbl, pg_get_indexdef(i.indexrelid) as def,
            con.conname as con, pg_get_constraintdef(con.oid) as condef
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_class ic on ic.oid = i.indexrelid
       left join pg_constraint con on con.conindid = i.indexrelid and con.contype in ('p', 'u')
      where c.relname = any($1::text[]) and c.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  for (const r of rows) {
    if (r.con) await client.query(`alter table ${r.tbl} drop constraint ${r.con}`);
    else await client.query(`drop index ${r.name}`);
  }
  return async () => {
    for (const r of rows) {
      if (r.con && r.condef) await client.query(`alter table ${r.tbl} add constraint ${r.con} ${r.condef}`);
      else await client.query(r.def);
    }
    return rows.map((r) => r.name);
  };
}

/**
 * Fills the (migrated, initialised, otherwise empty) database `client` is
 * connected to; `log` gets a progress line per step. The client's session
 * settings are changed for the load.
 */
export async function generateStatsData(
  client: pg.Client,
  scale: StatsScale,
  log: (line: string) => void,
): Promise<GeneratedData> {
  const started = performance.now();
  const phase = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const out = await run();
    log(`  ${what}: ${secondsSince(t).toFixed(1)} s`);
    return out;
  };
  const q = async <R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values: unknown[] = [],
  ) => (await client.query<R>(text, values)).rows;
  const one = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const [row] = await q<R>(text, values);
    if (!row) throw new Error(`no row from ${text.slice(0, 80)}`);
    return row;
  };

  const { customers: C, institutionsPerCustomer: I, terminals: T, days: D } = scale;
  const M = scale.materialsPerCustomer;
  const P = scale.programsPerCustomer;
  if (M < 10 || M % 10 !== 0) throw new Error("materialsPerCustomer must be a multiple of 10");
  const institutions = C * I;
  if (T < institutions) throw new Error(`at least one terminal per institution (${institutions})`);

  // Bulk load: no commit waits, room to sort, and (as a superuser) no per-row foreign-key triggers:
  // every generated reference points at a row generated before it.
  await client.query("set synchronous_commit = off");
  await client.query("set work_mem = '256MB'");
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query("set max_parallel_maintenance_workers = 2");
  const superuser = (
    await one<{ s: boolean }>("select rolsuper as s from pg_roles where rolname = current_user")
  ).s;
  if (superuser) await client.query("set session_replication_role = replica");
  log(
    `  session: synchronous_commit off, work_mem 256MB, maintenance_work_mem 1GB${superuser ? ", foreign-key triggers off (superuser)" : ", foreign-key triggers on (not a superuser)"}`,
  );

  const settingRow = (
    await q<{ v: unknown }>("select value as v from settings where key = 'defaultTimezone'")
  )[0];
  const stored = settingRow?.v;
  const timezone =
    typeof stored === "object" && stored !== null && "v" in stored && typeof stored.v === "string"
      ? stored.v
      : "UTC";
  const { first_day: firstDay, last_day: lastDay } = await one<{ first_day: string; last_day: string }>(
    `select to_char((now() at time zone $1)::date - $2::int, 'YYYY-MM-DD') as first_day,
            to_char((now() at time zone $1)::date - 1, 'YYYY-MM-DD') as last_day`,
    [timezone, D],
  );
  const platform = await one<{ id: number; path: string }>(
    "select id, path from offices where parent_id is null order by id limit 1",
  );

  // Offices: customers under the platform, institutions under each customer.
  const customers = await phase(`offices (${C} customers × ${I} institutions)`, async () => {
    await client.query(
      `insert into offices (parent_id, path, type, name, sort)
       select $1, '/bench-c' || g || '/', 'customer', 'Customer ' || lpad(g::text, 2, '0'), g
         from generate_series(1, $2::int) g order by g`,
      [platform.id, C],
    );
    await client.query(`update offices set path = $1 || id || '/' where path like '/bench-c%'`, [
      platform.path,
    ]);
    await client.query(
      `insert into offices (parent_id, path, type, name, sort)
       select c.id, '/bench-i' || c.id || '-' || g || '/', 'institution', c.name || ' / institution ' || g, g
         from offices c cross join generate_series(1, $2::int) g
        where c.parent_id = $1 and c.type = 'customer'
        order by c.id, g`,
      [platform.id, I],
    );
    await client.query(
      `update offices o set path = p.path || o.id || '/' from offices p where o.parent_id = p.id and o.path like '/bench-i%'`,
    );
    return q<{ id: number; path: string; name: string }>(
      "select id, path, name from offices where parent_id = $1 and type = 'customer' order by id",
      [platform.id],
    );
  });
  const instIds = (
    await q<{ id: number }>(
      `select i.id from offices i join offices c on c.id = i.parent_id
        where c.parent_id = $1 and i.type = 'institution' order by c.id, i.id`,
      [platform.id],
    )
  ).map((r) => r.id);
  if (instIds.length !== institutions)
    throw new Error(`expected ${institutions} institutions, got ${instIds.length}`);

  // Users: an administrator per customer (the built-in tenant role), and users in each institution.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const admins = await phase(
    `users (${C} customer admins, ${scale.usersPerInstitution} per institution)`,
    async () => {
      await client.query(
        `insert into roles (office_id, code, name, permissions, built_in)
       select id, 'admin', 'Administrator', $2::text[], true from offices where parent_id = $1 and type = 'customer'`,
        [platform.id, [...TENANT_ADMIN_PERMISSIONS.customer]],
      );
      await client.query(
        `insert into users (office_id, username, name, password_hash)
       select c.id, 'bench_admin_' || lpad(c.sort::text, 2, '0'), c.name || ' admin', $2
         from offices c where c.parent_id = $1 and c.type = 'customer' order by c.id`,
        [platform.id, passwordHash],
      );
      await client.query(
        `insert into user_roles (user_id, role_id)
       select u.id, r.id from users u join roles r on r.office_id = u.office_id and r.code = 'admin'
        where u.username like 'bench_admin_%'`,
      );
      await client.query(
        `insert into users (office_id, username, name, password_hash)
       select i.id, 'bench_u' || i.id || '_' || g, 'User ' || g || ' of ' || i.name, $2
         from offices i cross join generate_series(1, $3::int) g
        where i.type = 'institution' and i.path like $1 || '%' order by i.id, g`,
        [platform.path, passwordHash, scale.usersPerInstitution],
      );
      return q<{ office_id: number; username: string }>(
        "select office_id, username from users where username like 'bench_admin_%' order by office_id",
      );
    },
  );
  const adminOf = new Map(admins.map((a) => [a.office_id, a.username]));

  // Materials (explicit ids, so that customer c's material m is firstMaterial + c*M + m) and programs.
  const firstMaterial = (await one<{ n: number }>("select coalesce(max(id), 0) + 1 as n from materials")).n;
  const firstProgram = (await one<{ n: number }>("select coalesce(max(id), 0) + 1 as n from programs")).n;
  await phase(`materials (${M} per customer) and programs (${P} per customer, 5 widgets each)`, async () => {
    await client.query(
      `insert into materials (id, office_id, name, type, md5, size, mime, width, height, duration_ms, created_at, updated_at)
       overriding system value
       select $1::int + c.idx * $2::int + m, c.id, t.type || '-' || c.idx || '-' || m,
              t.type, md5('bench-material-' || c.idx || '-' || m),
              case t.type when 'video' then 20000000 + (hashint4(c.idx * 1000 + m) & 1073741823) % 180000000
                          when 'image' then 200000 + (hashint4(c.idx * 1000 + m) & 1073741823) % 1800000
                          else 1000000 + (hashint4(c.idx * 1000 + m) & 1073741823) % 9000000 end,
              case t.type when 'video' then 'video/mp4' when 'image' then 'image/jpeg'
                          when 'audio' then 'audio/mpeg' else 'application/pdf' end,
              case when t.type in ('video', 'image') then 1920 end,
              case when t.type in ('video', 'image') then 1080 end,
              case when t.type in ('video', 'audio') then 15000 end,
              at, at
         from (select id, row_number() over (order by id)::int - 1 as idx from offices
                where parent_id = $3 and type = 'customer') c
        cross join generate_series(0, $2::int - 1) m
        cross join lateral (select ($4::text[])[m % 10 + 1] as type) t
        cross join lateral (select now() - make_interval(days => $5::int + 30) * (($2::int - m)::float8 / $2::int) as at) a`,
      [firstMaterial, M, platform.id, [...MATERIAL_TYPES], D],
    );
    await client.query(
      "select setval(pg_get_serial_sequence('materials', 'id'), (select max(id) from materials))",
    );
    const programs = customers.flatMap((c, ci) =>
      Array.from({ length: P }, (_, k) => {
        const videoId = firstMaterial + ci * M + videoOf(k, M);
        const imageId = firstMaterial + ci * M + imageOf(k, M);
        return {
          id: firstProgram + ci * P + k,
          office_id: c.id,
          name: `Program ${ci + 1}-${k + 1}`,
          doc: programDoc(videoId, imageId),
          video_id: videoId,
          image_id: imageId,
          c: ci,
          k,
        };
      }),
    );
    await client.query(
      `insert into programs (id, office_id, name, width, height, state, doc, scene_count, widget_count, media_bytes,
                             created_at, updated_at)
       overriding system value
       select p.id, p.office_id, p.name, 1920, 1080, 'published', p.doc, 1, 5,
              (select coalesce(sum(size), 0) from materials where id in (p.video_id, p.image_id)),
              now() - make_interval(days => $2::int + 20), now() - make_interval(days => $2::int + 20)
         from json_to_recordset($1::json) as p(id int, office_id int, name text, doc jsonb, video_id int, image_id int)`,
      [JSON.stringify(programs), D],
    );
    await client.query(
      "select setval(pg_get_serial_sequence('programs', 'id'), (select max(id) from programs))",
    );
    // What each program plays, for the proof-of-play generator (dropped at the end).
    await client.query(
      "create unlogged table bench_program_media (c int, k int, program_id int, video_id int, image_id int, primary key (c, k))",
    );
    await client.query(
      `insert into bench_program_media select c, k, id, video_id, image_id
         from json_to_recordset($1::json) as p(c int, k int, id int, video_id int, image_id int)`,
      [
        JSON.stringify(
          programs.map(({ c, k, id, video_id, image_id }) => ({ c, k, id, video_id, image_id })),
        ),
      ],
    );
  });

  // Terminals: authorised, in contiguous blocks per institution; ids firstTerminal … firstTerminal+T-1.
  const firstTerminal = (await one<{ n: number }>("select coalesce(max(id), 0) + 1 as n from terminals")).n;
  await phase(`terminals (${fmt(T)} authorised)`, async () => {
    await client.query(
      `insert into terminals (id, office_id, name, device_id, token_hash, enrol_code, state, model, version, width, height,
                              online, fault, last_seen_at, connected_at, ip, authorised_at, created_at, updated_at)
       overriding system value
       select $1::int + n, ($3::int[])[n * $4::int / $2::int + 1], 'Screen ' || lpad((n + 1)::text, 5, '0'),
              'bench-device-' || n, md5('bench-token-' || n), 'B' || lpad(n::text, 7, '0'), 'authorised',
              'bench-player', '3.8.33', 1920, 1080,
              n % 10 <> 0, case when n % 97 = 0 then 'display fault' end,
              now() - make_interval(mins => n % 10), now() - make_interval(hours => n % 48),
              '10.' || (n / 65536) || '.' || (n / 256 % 256) || '.' || (n % 256),
              now() - make_interval(days => $5::int + 10), now() - make_interval(days => $5::int + 10), now()
         from generate_series(0, $2::int - 1) n`,
      [firstTerminal, T, instIds, institutions, D],
    );
    await client.query(
      "select setval(pg_get_serial_sequence('terminals', 'id'), (select max(id) from terminals))",
    );
  });

  // Publications: two a day per customer (program publications; the last 30 days' still active).
  await phase("publications (2 a day per customer)", async () => {
    await client.query(
      `insert into publications (office_id, kind, content_id, name, tenant_id, state, activated_at, withdrawn_at,
                                 target_count, created_at)
       select c.id, 'program', p.program_id, 'bench-' || to_char(day, 'YYYYMMDD') || '-' || n, c.id,
              case when d >= $4::int - 30 then 'active' else 'withdrawn' end,
              at, case when d < $4::int - 30 then at + interval '30 days' end, $5::int, at
         from (select id, row_number() over (order by id)::int - 1 as idx from offices
                where parent_id = $1 and type = 'customer') c
        cross join generate_series(0, $4::int - 1) d
        cross join generate_series(0, 1) n
        cross join lateral (select $2::date + d as day) dd
        cross join lateral (select ((dd.day + make_interval(hours => 9 + 5 * n))::timestamp at time zone $3) as at) a
        join bench_program_media p on p.c = c.idx and p.k = (d * 2 + n) % $6::int`,
      [platform.id, firstDay, timezone, D, Math.round(T / C), P],
    );
  });

  // Tables written by the bulk load: their indexes are built once, after it, and autovacuum waits
  // for the VACUUM ANALYZE at the end instead of scanning them while they grow.
  const bulk = [
    "stat_terminal_day",
    "stat_terminal_month",
    "stat_terminal_week",
    "stat_office_day",
    "stat_user_day",
    "stat_page_day",
    "stat_material_day",
    "play_events",
    "stat_pop_day",
    "stat_pop_office_day",
    "stat_pop_widget_month",
    "stat_pop_month",
    "stat_pop_reach_day",
    "stat_pop_reach_week",
    "stat_pop_reach_month",
    "stat_pop_program_reach",
    "stat_pop_material_reach",
  ];
  const rebuild = await dropIndexes(client, bulk);
  for (const table of bulk) await client.query(`alter table ${table} set (autovacuum_enabled = false)`);

  // A year of terminal roll-ups: a row per terminal and day, a month at a time.
  await phase(`stat_terminal_day (${fmt(T)} terminals × ${D} days)`, async () => {
    for (let from = 0; from < D; from += 31) {
      const to = Math.min(D, from + 31) - 1;
      const t = performance.now();
      // 4 % of terminal-days off; otherwise 8 to 24 h online; every tenth terminal has no timers (all day scheduled).
      await client.query(
        `insert into stat_terminal_day (day, terminal_id, office_id, online_sec, scheduled_sec, on_scheduled_sec)
         select $1::date + d, t.id, t.office_id, v.online, v.sched,
                greatest(0, least(v.online, v.sched) - ((h >> 20) & 15) * 120)
           from generate_series($2::int, $3::int) d
          cross join terminals t
          cross join lateral (select hashint4(t.id * 1000 + d) & 2147483647 as h) x
          cross join lateral (select case when h % 100 < 4 then 0 else 28800 + (h >> 7) % 57601 end as online,
                                     case when t.id % 10 = 0 then 86400 else 43200 end as sched) v
          where t.id between $4::int and $4::int + $5::int - 1`,
        [firstDay, from, to, firstTerminal, T],
      );
      log(
        `    days ${from + 1}-${to + 1} of ${D}: ${fmt(T * (to - from + 1))} rows, ${secondsSince(t).toFixed(1)} s`,
      );
    }
  });
  await phase(
    "stat_terminal_month, stat_terminal_week and stat_office_day (summed from the days)",
    async () => {
      await client.query(
        `insert into stat_terminal_week (week, terminal_id, office_id, online_sec, scheduled_sec, on_scheduled_sec, days)
       select day - (extract(isodow from day)::int - 1), terminal_id, office_id, sum(online_sec), sum(scheduled_sec),
              sum(on_scheduled_sec), count(*) filter (where online_sec > 0)
         from stat_terminal_day group by 1, 2, 3`,
      );
      await client.query(
        `insert into stat_terminal_month (month, terminal_id, office_id, online_sec, scheduled_sec, on_scheduled_sec, days)
       select date_trunc('month', day)::date, terminal_id, office_id, sum(online_sec), sum(scheduled_sec),
              sum(on_scheduled_sec), count(*) filter (where online_sec > 0)
         from stat_terminal_day group by 1, 2, 3`,
      );
      await client.query(
        `insert into stat_office_day (day, office_id, terminals, online_terminals, scheduled_terminals, started_terminals,
                                    online_sec, scheduled_sec, on_scheduled_sec)
       select day, office_id, count(*), count(*) filter (where online_sec > 0), count(*) filter (where scheduled_sec > 0),
              count(*) filter (where on_scheduled_sec > 0), sum(online_sec), sum(scheduled_sec), sum(on_scheduled_sec)
         from stat_terminal_day group by 1, 2`,
      );
    },
  );

  await phase("stat_user_day and stat_page_day (active on about 62 % of days)", async () => {
    await client.query(
      `insert into stat_user_day (day, user_id, office_id, logins, page_views, actions)
       select $1::date + d, u.id, u.office_id, 1 + h % 3, 5 + (h >> 2) % 36, (h >> 8) % 21
         from users u
        cross join generate_series(0, $2::int - 1) d
        cross join lateral (select hashint4(u.id * 1000 + d) & 2147483647 as h) x
        where u.username like 'bench_%' and (h >> 16) % 8 < 5`,
      [firstDay, D],
    );
    // Three pages a day whose views add up to the day's page views.
    await client.query(
      `insert into stat_page_day (day, user_id, office_id, page, views)
       select s.day, s.user_id, s.office_id, ($1::text[])[(s.user_id + s.day - date '2000-01-01' + k) % $2::int + 1],
              case k when 0 then s.page_views / 2 when 1 then s.page_views / 3
                     else s.page_views - s.page_views / 2 - s.page_views / 3 end
         from stat_user_day s cross join generate_series(0, 2) k`,
      [PAGES, PAGES.length],
    );
  });

  await phase("stat_material_day (library held at each day's end)", async () => {
    await client.query(
      `insert into stat_material_day (day, office_id, type, count, bytes)
       select $1::date + d, m.office_id, m.type, count(*), sum(m.size)
         from generate_series(0, $2::int - 1) d
         join materials m on m.purpose = 'library' and m.created_at < (($1::date + d + 1)::timestamp at time zone $3)
        group by 1, 2, 3`,
      [firstDay, D, timezone],
    );
  });

  // Proof of play: raw rows a day at a time, each day's roll-ups counted from that day's rows in the same statement.
  const popStarted = performance.now();
  let written = 0;
  let scaleDown = 1;
  let nextId = (await one<{ n: number }>("select coalesce(max(id), 0) + 1 as n from play_events")).n;
  const counts = { terminalRows: 0, officeRows: 0 };
  for (let d = 0; d < D; d++) {
    const wanted = Math.floor((scale.popRows * (d + 1)) / D) - Math.floor((scale.popRows * d) / D);
    const rows = Math.max(1, Math.floor(wanted * scaleDown));
    const r = await one<{ events: number; terminal_rows: number; office_rows: number }>(
      `with ev as (
         select $1::bigint + j as id, $2::int + x.tix as terminal_id, p.program_id, x.slot, x.click,
                p.video_id, p.image_id,
                (($4::date + $5::int)::timestamp + make_interval(secs => j * 86399.0 / $3::int)) at time zone $6 as at
           from generate_series(0, $3::int - 1) j
          cross join lateral (select ((j::bigint * 7919 + $5::int * 131) % $7::int)::int as tix) t0
          cross join lateral (select t0.tix, (j / $7::int + t0.tix + $5::int) % 4 as slot,
                                     (t0.tix + $5::int) % 3 = 0 as click,
                                     (t0.tix * $9::bigint / $7::int)::int / $10::int as c,
                                     (t0.tix * $9::bigint / $7::int)::int as inst) x
           join bench_program_media p on p.c = x.c and p.k = (x.inst * 2 + x.tix % 2 + $5::int) % $8::int
       ),
       ins as (
         insert into play_events (id, terminal_id, office_id, program_id, scene_id, widget_id, material_id, kind, at, ms)
         overriding system value
         select ev.id, terminal_id, tt.office_id, program_id, '${SCENE_ID}',
                case when slot = 0 then null when slot = 2 then '${W.image}' when slot = 3 and click then '${W.button}'
                     else '${W.video}' end,
                case when slot = 0 or (slot = 3 and click) then null when slot = 2 then image_id else video_id end,
                case when slot = 0 then 'scene' when slot = 3 and click then 'click' else 'media' end,
                at,
                case when slot = 3 and click then 0 when slot = 2 then 10000 when slot = 0 then 10000 else 15000 end
           from ev join terminals tt on tt.id = ev.terminal_id
         returning terminal_id, program_id, widget_id, material_id, kind, ms
       ),
       pd as (
         insert into stat_pop_day (day, terminal_id, office_id, kind, program_id, material_id, widget_id, plays, ms)
         select $4::date + $5::int, i.terminal_id, t.office_id, i.kind, i.program_id, coalesce(i.material_id, 0),
                coalesce(i.widget_id, ''), count(*), sum(i.ms)
           from ins i join terminals t on t.id = i.terminal_id
          group by i.terminal_id, t.office_id, i.kind, i.program_id, i.material_id, i.widget_id
         returning office_id, kind, program_id, material_id, widget_id, plays, ms
       ),
       pod as (
         insert into stat_pop_office_day (day, office_id, kind, program_id, material_id, widget_id, plays, ms, terminals)
         select $4::date + $5::int, office_id, kind, program_id, material_id, widget_id, sum(plays), sum(ms), count(*)
           from pd group by office_id, kind, program_id, material_id, widget_id
         returning 1
       )
       select (select count(*) from ins)::int as events, (select count(*) from pd)::int as terminal_rows,
              (select count(*) from pod)::int as office_rows`,
      [nextId, firstTerminal, rows, firstDay, d, timezone, T, P, institutions, I],
    );
    nextId += r.events;
    written += r.events;
    counts.terminalRows += r.terminal_rows;
    counts.officeRows += r.office_rows;
    // Past the budget's pace: the days left get fewer rows, so that the rest still fits.
    const elapsed = performance.now() - popStarted;
    const left = scale.popRows - Math.floor((scale.popRows * (d + 1)) / D);
    const budgetLeft = scale.popBudgetMs - elapsed;
    if (left > 0 && d + 1 < D) {
      // Recomputed each day from the rate so far: an early slow day does not cut every later one.
      const fits = (written / elapsed) * Math.max(0, budgetLeft) * 0.95;
      scaleDown = Math.min(1, Math.max(0.001, fits / left));
    }
    if ((d + 1) % 30 === 0 || d + 1 === D) {
      const rate = written / (elapsed / 1000);
      log(
        `    play_events: day ${d + 1} of ${D}, ${fmt(written)} rows, ${(elapsed / 1000).toFixed(0)} s, ${fmt(Math.round(rate))} rows/s` +
          (scaleDown < 1
            ? ` (budget: the next days at ${(scaleDown * 100).toFixed(1)} % of their rows)`
            : ""),
      );
    }
  }
  log(
    `  play_events: ${fmt(written)} rows (wanted ${fmt(scale.popRows)}), stat_pop_day ${fmt(counts.terminalRows)}, ` +
      `stat_pop_office_day ${fmt(counts.officeRows)}: ${secondsSince(popStarted).toFixed(1)} s`,
  );
  await client.query("select setval(pg_get_serial_sequence('play_events', 'id'), $1::bigint)", [nextId - 1]);
  await client.query("drop table bench_program_media");
  // The months as the roll-up recomputes them from the days (rollup.ts, rollPlays).
  const popMonthRows = await phase("stat_pop_month (summed from stat_pop_day)", async () => {
    const r = await client.query(
      `insert into stat_pop_month (month, terminal_id, office_id, kind, program_id, material_id, widget_id, plays, ms,
                                   first_day, last_day)
       select date_trunc('month', day)::date, terminal_id, office_id, kind, program_id, material_id, widget_id,
              sum(plays), sum(ms), min(day), max(day)
         from stat_pop_day group by 1, 2, 3, 4, 5, 6, 7`,
    );
    return r.rowCount ?? 0;
  });

  // The widget months as the roll-up recomputes them from the office days (rollup.ts, rollPlays).
  const popWidgetMonthRows = await phase(
    "stat_pop_widget_month (summed from stat_pop_office_day)",
    async () => {
      const r = await client.query(
        `insert into stat_pop_widget_month (month, office_id, kind, program_id, widget_id, plays, ms, terminal_days)
       select date_trunc('month', day)::date, office_id, kind, program_id, widget_id,
              sum(plays), sum(ms), sum(terminals)::int
         from stat_pop_office_day where widget_id <> '' group by 1, 2, 3, 4, 5`,
      );
      return r.rowCount ?? 0;
    },
  );

  // The reach roll-ups as the roll-up recomputes them (rollup.ts, rollPlays): the months from the month rows.
  const popReachDayRows = await phase("stat_pop_reach_day (summed from stat_pop_day)", async () => {
    const r = await client.query(
      `insert into stat_pop_reach_day (day, terminal_id, office_id, kind, plays, ms)
       select day, terminal_id, office_id, kind, sum(plays), sum(ms)
         from stat_pop_day group by 1, 2, 3, 4`,
    );
    return r.rowCount ?? 0;
  });
  const popReachWeekRows = await phase("stat_pop_reach_week (summed from stat_pop_reach_day)", async () => {
    const r = await client.query(
      `insert into stat_pop_reach_week (week, terminal_id, office_id, kind, plays, ms, first_day, last_day)
       select day - (extract(isodow from day)::int - 1), terminal_id, office_id, kind, sum(plays), sum(ms),
              min(day), max(day)
         from stat_pop_reach_day group by 1, 2, 3, 4`,
    );
    return r.rowCount ?? 0;
  });
  const popReachMonthRows = await phase("stat_pop_reach_month (summed from stat_pop_month)", async () => {
    const r = await client.query(
      `insert into stat_pop_reach_month (month, terminal_id, office_id, kind, plays, ms, first_day, last_day)
       select month, terminal_id, office_id, kind, sum(plays), sum(ms), min(first_day), max(last_day)
         from stat_pop_month group by 1, 2, 3, 4`,
    );
    return r.rowCount ?? 0;
  });

  // The days played per program and per material (0: any program, any material), as the roll-up ORs them in.
  const NO_DAYS = "repeat('0', 366)::bit(366)";
  const popProgramReachRows = await phase(
    "stat_pop_program_reach (days played, from stat_pop_day)",
    async () => {
      const r = await client.query(
        `insert into stat_pop_program_reach (kind, program_id, year, office_id, terminal_id, days)
       select s.kind, e.program_id, extract(year from s.day)::int, s.office_id, s.terminal_id,
              bit_or(set_bit(${NO_DAYS}, extract(doy from s.day)::int - 1, 1))
         from stat_pop_day s cross join lateral (values (s.program_id), (0)) as e(program_id)
        group by 1, 2, 3, 4, 5`,
      );
      return r.rowCount ?? 0;
    },
  );
  const popMaterialReachRows = await phase(
    "stat_pop_material_reach (days played, from stat_pop_day)",
    async () => {
      const r = await client.query(
        `insert into stat_pop_material_reach (kind, material_id, year, office_id, terminal_id, days)
       select s.kind, m.material_id, extract(year from s.day)::int, s.office_id, s.terminal_id,
              bit_or(set_bit(${NO_DAYS}, extract(doy from s.day)::int - 1, 1))
         from stat_pop_day s cross join lateral (values (s.material_id), (0)) as m(material_id)
        where s.material_id <> 0
        group by 1, 2, 3, 4, 5`,
      );
      return r.rowCount ?? 0;
    },
  );

  const rebuilt = await phase("indexes of the loaded tables built again", rebuild);
  for (const table of bulk) await client.query(`alter table ${table} reset (autovacuum_enabled)`);
  log(`    ${rebuilt.length} indexes: ${rebuilt.join(", ")}`);
  if (superuser) await client.query("set session_replication_role = origin");

  // Counted so far: the roll-up job must not count the generated raw rows a second time.
  await phase("roll-up watermarks", () => markRolledUp(client, timezone));

  // VACUUM too: the visibility map lets the baseline count use an index-only scan, and autovacuum
  // has nothing left to do while the calls are measured.
  await phase("VACUUM ANALYZE", async () => {
    await client.query("vacuum (analyze)");
  });

  const tables = [
    "offices",
    "users",
    "terminals",
    "materials",
    "programs",
    "publications",
    "stat_terminal_day",
    "stat_terminal_month",
    "stat_terminal_week",
    "stat_office_day",
    "stat_user_day",
    "stat_page_day",
    "stat_material_day",
    "play_events",
    "stat_pop_day",
    "stat_pop_office_day",
    "stat_pop_widget_month",
    "stat_pop_month",
    "stat_pop_reach_day",
    "stat_pop_reach_week",
    "stat_pop_reach_month",
    "stat_pop_program_reach",
    "stat_pop_material_reach",
  ];
  const rows: GeneratedData["rows"] = [];
  for (const table of tables) {
    const n =
      table === "play_events"
        ? written
        : table === "stat_pop_day"
          ? counts.terminalRows
          : table === "stat_pop_office_day"
            ? counts.officeRows
            : table === "stat_pop_widget_month"
              ? popWidgetMonthRows
              : table === "stat_pop_month"
                ? popMonthRows
                : table === "stat_pop_reach_day"
                  ? popReachDayRows
                  : table === "stat_pop_reach_week"
                    ? popReachWeekRows
                    : table === "stat_pop_reach_month"
                      ? popReachMonthRows
                      : table === "stat_pop_program_reach"
                        ? popProgramReachRows
                        : table === "stat_pop_material_reach"
                          ? popMaterialReachRows
                          : (await one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
    rows.push({ table, rows: n });
  }

  return {
    timezone,
    firstDay,
    lastDay,
    platformId: platform.id,
    customers: customers.map((c) => ({
      ...c,
      admin: { username: adminOf.get(c.id) ?? "", password: BENCH_PASSWORD },
    })),
    firstTerminalId: firstTerminal,
    rows,
    popWanted: scale.popRows,
    popWritten: written,
    seconds: secondsSince(started),
  };
}

/**
 * Leaves stat_rollup_state as a pass that had just counted everything
 * generated would (apps/server/src/modules/statistics/rollup.ts): the raw
 * sources' id watermarks at their last ids, the day sources ("terminal",
 * "material": last_id is the last day rolled, in days since 1970-01-01) at
 * today, which every pass rolls again anyway. The server's passes then read
 * only what arrives after the load. The "pass" mark is an hour old, so that
 * the console's refresh (which reuses a pass of the last 30 s) runs one.
 */
async function markRolledUp(client: pg.Client, timezone: string): Promise<void> {
  await client.query(
    `insert into stat_rollup_state (name, watermark, last_id, updated_at)
     select name, case when name = 'pass' then now() - interval '1 hour' else now() end, last_id, now() from (values
       ('pop', (select coalesce(max(id), 0) from play_events)),
       ('audit', (select coalesce(max(id), 0) from audit_logs)),
       ('pageViews', (select coalesce(max(id), 0) from page_views)),
       ('terminal', (now() at time zone $1)::date - date '1970-01-01'),
       ('material', (now() at time zone $1)::date - date '1970-01-01'),
       ('pass', 0)
     ) as s(name, last_id)
     on conflict (name) do update set watermark = excluded.watermark, last_id = excluded.last_id,
       updated_at = excluded.updated_at`,
    [timezone],
  );
}
