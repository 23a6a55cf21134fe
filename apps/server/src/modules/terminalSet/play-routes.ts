import {
  DeleteTerminalMessageBody,
  DeleteTerminalMessageResponse,
  MessagePlayNowBody,
  PlaySetQuery,
  PlaySetResponse,
  ProgramPlayNowBody,
  TerminalSetOutcomesResponse,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { playableState } from "../../terminal/manifest";
import type { TerminalRow } from "../terminal/repo";
import {
  messagePublicationsOn,
  messageToPlay,
  pickerPrograms,
  playNowNames,
  programToPlay,
  rewritePlayNow,
} from "./play-repo";
import { ended, PLAY_TIMEOUT_MS, rangedTerminals } from "./shared";

/** How long a playMessage command waits: the message is in the manifest, nothing to download. */
const MESSAGE_TIMEOUT_MS = 60_000;

/**
 * Play now: a program above the schedule or a message shown at
 * once, on chosen terminals, for a while or until stopped. What plays now is
 * kept in terminals.play_now, so the manifest carries it (a terminal offline
 * now plays it when it returns, until its time is over); the command gives
 * the operator a result per terminal.
 */
export const playRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { publishing } = services;
  const db = services.db;
  const tags = ["terminalSet"];
  const command = { access: { permission: "terminal:device:command" as const } };

  const untilOf = (minutes: number | undefined) =>
    minutes === undefined ? null : new Date(services.clock.now().getTime() + minutes * 60_000).toISOString();

  app.post(
    "/a/api/terminalSet/doProgramPlayNow",
    {
      config: command,
      schema: { tags, body: ProgramPlayNowBody, response: { 200: TerminalSetOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids, programId, minutes } = req.body;
      const rows = await rangedTerminals(services, req, ids, { programId, minutes: minutes ?? null });
      const until = untilOf(minutes);
      if (programId === null) {
        // Stopping: the schedule plays again once the terminal fetched its manifest.
        await rewritePlayNow(services, ids, (prev) => ({
          ...prev,
          programId: null,
          until: null,
          startAt: null,
        }));
        await app.services.hub.notifySync(ids);
        const list = await app.services.hub.command(ids, "refresh", {}, actor.userId);
        return { list };
      }
      const program = await programToPlay(db, actor, programId);
      if (!program) throw notFound("program", programId);
      await assertPlayable(services, req, "programId", program);
      await assertSameTenant(services, program, rows);
      await rewritePlayNow(services, ids, (prev) => ({ ...prev, programId, until, startAt: null }));
      await app.services.hub.notifySync(ids);
      const list = await app.services.hub.command(
        ids,
        "playProgram",
        { programId, until },
        actor.userId,
        PLAY_TIMEOUT_MS,
      );
      return { list };
    },
  );

  app.post(
    "/a/api/terminalSet/doMessagePlayNow",
    {
      config: command,
      schema: { tags, body: MessagePlayNowBody, response: { 200: TerminalSetOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids, messageId, minutes } = req.body;
      const rows = await rangedTerminals(services, req, ids, { messageId, minutes: minutes ?? null });
      const message = await messageToPlay(db, actor, messageId);
      if (!message) throw notFound("message", messageId);
      await assertPlayable(services, req, "messageId", message);
      if (message.endAt && message.endAt.getTime() <= services.clock.now().getTime())
        throw new FieldErrors([
          { field: "messageId", key: "terminalSet.messageEnded", values: { name: message.name } },
        ]);
      await assertSameTenant(services, message, rows);
      const until = untilOf(minutes);
      await rewritePlayNow(services, ids, (prev) => ({
        ...prev,
        messages: [...prev.messages.filter((m) => m.messageId !== messageId), { messageId, until }],
      }));
      await app.services.hub.notifySync(ids);
      const list = await app.services.hub.command(
        ids,
        "playMessage",
        { messageId },
        actor.userId,
        MESSAGE_TIMEOUT_MS,
      );
      return { list };
    },
  );

  app.post(
    "/a/api/terminalSet/deleteTerminalMessage",
    {
      config: command,
      schema: { tags, body: DeleteTerminalMessageBody, response: { 200: DeleteTerminalMessageResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, messageId } = req.body;
      const [row] = await rangedTerminals(services, req, [id], { messageId });
      if (!row) throw notFound("terminal", id);
      const pubs = await messagePublicationsOn(db, id, messageId);
      const playNow = (row.playNow?.messages ?? []).some((m) => m.messageId === messageId);
      if (!playNow && !pubs.length)
        throw new AppError(404, "terminalSet.messageNotOnTerminal", { messageId, name: row.name });
      if (playNow)
        await rewritePlayNow(services, [id], (prev) => ({
          ...prev,
          messages: prev.messages.filter((m) => m.messageId !== messageId),
        }));
      if (pubs.length) await publishing.withdraw(actor, pubs, [id], req.log);
      await app.services.hub.notifySync([id]);
      return {
        removed: { playNow, publicationIds: pubs.map((p) => p.id) },
      };
    },
  );

  app.get(
    "/a/api/terminalSet/doProgramPlaySet",
    {
      config: { access: { permission: "terminal:device:view" } },
      schema: { tags, querystring: PlaySetQuery, response: { 200: PlaySetResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const rows = await rangedTerminals(services, req, req.query.ids);
      const now = services.clock.now().getTime();
      const programIds = new Set<number>();
      const messageIds = new Set<number>();
      for (const r of rows) {
        const p = r.playNow;
        if (p?.programId && !ended(p.until, now)) programIds.add(p.programId);
        for (const m of p?.messages ?? []) if (!ended(m.until, now)) messageIds.add(m.messageId);
      }
      const [programNames, messageNames] = await playNowNames(db, programIds, messageIds);
      const pName = new Map(programNames.map((p) => [p.id, p.name]));
      const mName = new Map(messageNames.map((m) => [m.id, m.name]));
      const list = req.query.ids.flatMap((tid) => {
        const r = rows.find((x) => x.id === tid);
        if (!r) return [];
        const p = r.playNow;
        const live = p?.programId && !ended(p.until, now) ? p : null;
        return [
          {
            terminalId: r.id,
            terminalName: r.name,
            program: live?.programId
              ? { id: live.programId, name: pName.get(live.programId) ?? `#${live.programId}` }
              : null,
            until: live?.until ?? null,
            startAt: live?.startAt ?? null,
            messages: (p?.messages ?? [])
              .filter((m) => !ended(m.until, now) && mName.has(m.messageId))
              .map((m) => ({ id: m.messageId, name: mName.get(m.messageId) ?? "", until: m.until })),
          },
        ];
      });
      const audit = await services.settings.get("audit");
      const keyword = req.query.keyword?.trim();
      const playable = await pickerPrograms(db, actor, audit, keyword);
      return { list, programs: playable };
    },
  );
};

/** Refuses (400 on `field`) content that may not be on screens now (see playableState). */
async function assertPlayable(
  services: Services,
  req: FastifyRequest,
  field: string,
  content: { name: string; state: Parameters<typeof playableState>[0] },
): Promise<void> {
  const audit = await services.settings.get("audit");
  if (playableState(content.state, audit)) return;
  const key = field === "programId" ? "terminalSet.programNotPlayable" : "terminalSet.messageNotPlayable";
  throw new FieldErrors([
    { field, key, values: { name: content.name, state: req.t(`program.state.${content.state}`) } },
  ]);
}

/** Content plays only on terminals of its own tenant (the manifest takes nothing from another). */
async function assertSameTenant(
  services: Services,
  content: { name: string; officeId: number },
  rows: TerminalRow[],
): Promise<void> {
  for (const r of rows)
    if (!(await services.tree.sameTenant(content.officeId, r.officeId)))
      throw new AppError(400, "terminalSet.contentOtherTenant", { name: content.name, terminal: r.name });
}
