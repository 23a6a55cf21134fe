import {
  CurMessageBody,
  type CurMessageItem,
  CurMessageResponse,
  type CurProgramItem,
  CurProgramResponse,
  MONITOR_MAX,
  type MonitorItem,
  OnlyProgramListResponse,
  type ProgramListRow,
  RltMonitorBody,
  RltMonitorResponse,
  TerminalSetIdQuery,
  TerminalSetIdsBody,
} from "@marquee/contracts";
import { deviceStateAt, mergeDeviceSettings, resolveAt, type StrategyDoc } from "@marquee/schedule";
import { playNowPlaysAt } from "@marquee/terminal-protocol";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../../platform/access";
import { notFound } from "../../platform/errors";
import { screenshotUrl, type TerminalRow, viewStatus } from "../terminal/repo";
import { latestProgramsAck, monitorTerminals, strategiesByIds } from "./repo";
import { rangedTerminals, subjectOf } from "./shared";

/** What a terminal answers to the `programs` command (its ack data); anything else reads as nothing. */
const ProgramsAck = z.object({
  programs: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string().optional(),
        version: z.number().int().nullable().optional(),
        ready: z.boolean().optional(),
      }),
    )
    .max(10_000),
  current: z.number().int().nullable().optional(),
});

/**
 * What terminals are and do now: the live monitor (reported status,
 * settings and what they make of now), what a terminal holds against what it
 * should, what plays and which messages show. Read-only; all range-checked.
 */
export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["terminalSet"];
  const view = { access: { permission: "terminal:device:view" as const } };
  // The spec makes some of these reads POSTs: they change nothing, so they leave no audit row.
  const read = { ...view, audit: false as const };

  /** The docs of these strategies, by id. */
  const strategyDocs = async (rows: Array<Pick<TerminalRow, "strategyId">>) => {
    const ids = [...new Set(rows.flatMap((r) => (r.strategyId ? [r.strategyId] : [])))];
    const found = ids.length ? await strategiesByIds(db, ids) : [];
    return new Map(found.map((s) => [s.id, s]));
  };
  const docOf = (docs: Map<number, { doc: StrategyDoc }>, row: Pick<TerminalRow, "strategyId">) =>
    row.strategyId ? (docs.get(row.strategyId)?.doc ?? null) : null;

  app.post(
    "/a/api/terminalSet/getRltMonitor",
    { config: read, schema: { tags, body: RltMonitorBody, response: { 200: RltMonitorResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, officeId, groupId, includeChildren = true } = req.body;
      let rows: TerminalRow[];
      let truncated = false;
      if (ids) {
        rows = await rangedTerminals(services, req, ids);
        rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      } else {
        rows = await monitorTerminals(services, actor, { officeId, groupId, includeChildren });
      }
      if (rows.length > MONITOR_MAX) {
        truncated = true;
        rows = rows.slice(0, MONITOR_MAX);
      }
      const docs = await strategyDocs(rows);
      const now = services.clock.now().getTime();
      const list: MonitorItem[] = [];
      for (const r of rows) {
        const strategy = r.strategyId ? docs.get(r.strategyId) : undefined;
        const settings = mergeDeviceSettings(strategy?.doc ?? null, r.settings ?? {});
        const timezone = await app.services.hub.manifests.timezoneOf({
          timezone: r.timezone,
          reportedTimezone: r.status?.timezone ?? null,
        });
        const state = deviceStateAt(settings, now, timezone);
        const s = r.status;
        list.push({
          id: r.id,
          name: r.name,
          state: r.state,
          status: viewStatus(r),
          online: r.online,
          fault: r.fault,
          lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
          reported: s
            ? {
                version: s.version,
                programId: s.programId,
                programName: s.programName,
                volume: s.volume,
                storageUsed: s.storageUsed,
                storageQuota: s.storageQuota,
                screenOn: s.screenOn ?? null,
                brightness: s.brightness ?? null,
                rotation: s.rotation ?? null,
                clockOffsetMs: s.clockOffsetMs ?? null,
                rttMs: s.rttMs ?? null,
                network: s.network,
                uptimeSec: s.uptimeSec,
                manifestVersion: s.manifestVersion,
                lastDownloadError: s.lastDownloadError,
              }
            : null,
          screenshotUrl: screenshotUrl(r.id, r.screenshotMd5),
          timezone,
          strategyId: r.strategyId,
          strategyName: strategy?.name ?? null,
          ownSettings: r.settings ?? {},
          settings,
          now: {
            ...state,
            nextChangeAt: state.nextChangeAt === null ? null : new Date(state.nextChangeAt).toISOString(),
          },
        });
      }
      return { list, truncated };
    },
  );

  app.get(
    "/a/api/terminalSet/onlyProgramList",
    {
      config: view,
      schema: { tags, querystring: TerminalSetIdQuery, response: { 200: OnlyProgramListResponse } },
    },
    async (req) => {
      const [row] = await rangedTerminals(services, req, [req.query.id]);
      if (!row) throw notFound("terminal", req.query.id);
      const docs = await strategyDocs([row]);
      const manifest = await app.services.hub.manifestFor(subjectOf(row, docOf(docs, row)));
      const latest = await latestProgramsAck(db, row.id);
      const ack = latest ? ProgramsAck.safeParse(latest.data ?? {}) : null;
      const held = new Map((ack?.success ? ack.data.programs : []).map((p) => [p.id, p]));
      const rows = new Map<number, ProgramListRow>();
      for (const p of manifest?.programs ?? []) {
        const h = held.get(p.id);
        const heldVersion = h ? (h.version ?? null) : null;
        const ready = h ? h.ready !== false : false;
        rows.set(p.id, {
          id: p.id,
          name: p.name,
          expected: true,
          held: Boolean(h),
          expectedVersion: p.version,
          heldVersion,
          ready,
          // Held, ready and at the manifest's version (a version it did not say counts as the same).
          missing: !h || !ready || (heldVersion !== null && heldVersion !== p.version),
        });
      }
      for (const h of held.values()) {
        if (rows.has(h.id)) continue;
        rows.set(h.id, {
          id: h.id,
          name: h.name ?? `#${h.id}`,
          expected: false,
          held: true,
          expectedVersion: null,
          heldVersion: h.version ?? null,
          ready: h.ready !== false,
          missing: false,
        });
      }
      return {
        terminalId: row.id,
        reportedAt: ack?.success ? (latest?.doneAt?.toISOString() ?? null) : null,
        current: ack?.success ? (ack.data.current ?? null) : null,
        list: [...rows.values()],
      };
    },
  );

  app.post(
    "/a/api/terminalSet/getCurTerminalProgram",
    { config: read, schema: { tags, body: TerminalSetIdsBody, response: { 200: CurProgramResponse } } },
    async (req) => {
      const rows = await rangedTerminals(services, req, req.body.ids);
      const docs = await strategyDocs(rows);
      const now = services.clock.now().getTime();
      const list: CurProgramItem[] = [];
      for (const r of rows) {
        const manifest = await app.services.hub.manifestFor(subjectOf(r, docOf(docs, r)));
        const timezone =
          manifest?.timezone ??
          (await app.services.hub.manifests.timezoneOf({
            timezone: r.timezone,
            reportedTimezone: r.status?.timezone ?? null,
          }));
        const names = new Map((manifest?.programs ?? []).map((p) => [p.id, p.name]));
        let expected: CurProgramItem["expected"] = {
          source: "none",
          programIds: [],
          programNames: [],
          tier: null,
        };
        // A play-now counts while it runs: from its start to its `until` (an ended one leaves the schedule).
        const playNow = manifest?.playNow ?? null;
        if (playNowPlaysAt(playNow, now)) {
          expected = {
            source: "playNow",
            programIds: [playNow.programId],
            programNames: [names.get(playNow.programId) ?? `#${playNow.programId}`],
            tier: null,
          };
        } else if (manifest) {
          // The same resolution GET terminal/whatPlays answers.
          const res = resolveAt({ plans: manifest.schedule, messages: manifest.messages, timezone }, now);
          const ids = [...new Set(res.playing.map((c) => c.programId))];
          if (ids.length)
            expected = {
              source: "schedule",
              programIds: ids,
              programNames: ids.map((id) => names.get(id) ?? `#${id}`),
              tier: res.tier,
            };
        }
        const s = r.status;
        const playing = s ? { programId: s.programId, programName: s.programName } : null;
        list.push({
          terminalId: r.id,
          terminalName: r.name,
          online: r.online,
          playing,
          expected,
          matches: playing
            ? (playing.programId !== null && expected.programIds.includes(playing.programId)) ||
              (playing.programId === null && expected.source === "none")
            : null,
          timezone,
        });
      }
      return { list };
    },
  );

  app.post(
    "/a/api/terminalSet/getCurTerminalMessage",
    { config: read, schema: { tags, body: CurMessageBody, response: { 200: CurMessageResponse } } },
    async (req) => {
      const [row] = await rangedTerminals(services, req, [req.body.id]);
      if (!row) throw notFound("terminal", req.body.id);
      const docs = await strategyDocs([row]);
      const manifest = await app.services.hub.manifestFor(subjectOf(row, docOf(docs, row)));
      const now = services.clock.now().getTime();
      const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      const list: CurMessageItem[] = (manifest?.messages ?? [])
        .filter((m) => (m.startAt === null || m.startAt <= now) && (m.endAt === null || m.endAt > now))
        .map((m) => ({
          id: m.id,
          name: m.name,
          publicationId: m.publicationId,
          playNow: m.publicationId === null,
          startAt: iso(m.startAt),
          endAt: iso(m.endAt),
          emergency: m.doc.priority === "emergency",
          doc: m.doc,
        }))
        // Emergency first, as the player shows them.
        .sort((a, b) => Number(b.emergency) - Number(a.emergency));
      return { terminalId: row.id, list };
    },
  );
};
