import {
  AlarmAskResponse,
  AlarmCleanUpBody,
  AlarmCleanUpResponse,
  AlarmDetailQuery,
  AlarmDetailResponse,
  AlarmExportAllBody,
  AlarmExportSelectedBody,
  AlarmListQuery,
  AlarmListResponse,
} from "@marquee/contracts";
import { localDateOf } from "@marquee/schedule";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runsWork } from "../../config";
import { actorOf } from "../../platform/access";
import { binaryResponse } from "../../platform/download";
import { XLSX_TYPE } from "../../platform/xlsx";
import { alarmWorkbook } from "./export";
import {
  alarmDetails,
  askOpen,
  clearAlarms,
  filterWhere,
  findAlarms,
  listAlarms,
  selectedWhere,
} from "./repo";
import { AlarmEngine } from "./rules";

const BASE = "/a/api/abnormalAlarm";
const tags = ["alarm"];

/** The audit's view of a list of ids (the target column holds 500 characters). */
const targetOf = (ids: number[]) => `alarm:${ids.join(",")}`.slice(0, 500);

/**
 * Alarms (spec §7 "Alarms and logs"): /a/api/abnormalAlarm/* and the
 * rules that raise them (rules.ts: a pass every 30 s and the terminals'
 * events). Every call sees the alarms of terminals in the caller's data range
 * only; an id outside it answers 404 like a missing one.
 */
export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const engine = new AlarmEngine(services, app.log);
  const unlisten = app.services.hub.onTerminalEvent(engine.onEvent);
  if (runsWork(app.deps.config.role)) engine.start();
  app.addHook("onClose", async () => {
    unlisten();
    await engine.stop();
  });

  const view = { access: { permission: "terminal:alarm:view" as const } };

  app.get(
    `${BASE}/abnormalAlarmList`,
    { config: view, schema: { tags, querystring: AlarmListQuery, response: { 200: AlarmListResponse } } },
    async (req) => ({
      ...(await listAlarms(services, actorOf(req), req.query)),
    }),
  );

  app.get(
    `${BASE}/abnormalAlarmClearDeail`,
    { config: view, schema: { tags, querystring: AlarmDetailQuery, response: { 200: AlarmDetailResponse } } },
    async (req) => ({
      ...(await alarmDetails(services, actorOf(req), req.query.id)),
    }),
  );

  app.get(
    `${BASE}/askIsHaveAbnormalAlarm`,
    { config: view, schema: { tags, response: { 200: AlarmAskResponse } } },
    async (req) => ({ ...(await askOpen(services, actorOf(req))) }),
  );

  app.post(
    `${BASE}/abnormalAlarmCleanUp`,
    {
      config: { access: { permission: "terminal:alarm:clear" } },
      schema: { tags, body: AlarmCleanUpBody, response: { 200: AlarmCleanUpResponse } },
    },
    async (req) => {
      const { ids, note } = req.body;
      req.audit.target = targetOf(ids);
      const cleared = await clearAlarms(services, actorOf(req), ids, note || null);
      req.audit.detail = { cleared, ...(note ? { note } : {}) };
      return { cleared: cleared.length };
    },
  );

  /** Sends an .xlsx stream as a download named after the caller's day. */
  const sendBook = (reply: FastifyReply, timezone: string, book: NodeJS.ReadableStream) => {
    const name = `alarms-${localDateOf(timezone, services.clock.now().getTime())}.xlsx`;
    return reply
      .header("content-type", XLSX_TYPE)
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "no-store")
      .send(book);
  };
  const translator =
    (req: FastifyRequest) => (key: Parameters<typeof req.t>[0], values?: Record<string, string | number>) =>
      req.t(key, values);

  app.post(
    `${BASE}/allAbnormalAlarmExport`,
    {
      config: { access: { permission: "terminal:alarm:export" } },
      schema: {
        tags,
        body: AlarmExportAllBody,
        response: binaryResponse("the alarms, a workbook", [XLSX_TYPE]),
      },
    },
    async (req, reply) => {
      const { timezone = "UTC", ...filter } = req.body;
      req.audit.target = "alarm:export";
      req.audit.detail = {
        ...filter,
        beginTime: filter.beginTime?.toISOString(),
        endTime: filter.endTime?.toISOString(),
        timezone,
      };
      const where = await filterWhere(services, actorOf(req), filter);
      const book = alarmWorkbook({ services, where, timezone, t: translator(req), log: req.log });
      return sendBook(reply, timezone, book);
    },
  );

  app.post(
    `${BASE}/onlyAbnormalAlarmExport`,
    {
      config: { access: { permission: "terminal:alarm:export" } },
      schema: {
        tags,
        body: AlarmExportSelectedBody,
        response: binaryResponse("the chosen alarms, a workbook", [XLSX_TYPE]),
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const { ids, timezone = "UTC" } = req.body;
      req.audit.target = targetOf(ids);
      req.audit.detail = { ids, timezone };
      await findAlarms(services.db, actor, ids);
      const where = selectedWhere(actor, ids);
      const book = alarmWorkbook({ services, where, timezone, t: translator(req), log: req.log });
      return sendBook(reply, timezone, book);
    },
  );
};
