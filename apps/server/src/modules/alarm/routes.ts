import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Alarms (issue 9): /a/api/abnormalAlarm/* and the rules that raise them. */
export const alarmRoutes: FastifyPluginAsyncZod = async (_app) => {};
