import {
  type CommandOutcome,
  DeleteFilesBody,
  OnlyScreenshotResponse,
  RemoveTerminalsResponse,
  RltScreenshotResponse,
  TerminalSetBody,
  TerminalSetIdQuery,
  TerminalSetIdsBody,
  TerminalSetOutcomesResponse,
  TerminalSetRetryBody,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import { AppError, badRequest } from "../../platform/errors";
import { deleteTerminals } from "../terminal/manage-repo";
import { screenshotUrl } from "../terminal/repo";
import { packageRoutes } from "./package-routes";
import { playRoutes } from "./play-routes";
import { clearTerminals, commandsOfRange, livePublicationsOf, screenshotOfTerminal } from "./repo";
import { scanRoutes } from "./scan-routes";
import { patchSettings, sendSettings } from "./settings";
import { permissionOf, rangedTerminals, SCREENSHOT_WAIT_MS, timeoutOf } from "./shared";
import { truthRoutes } from "./truth-routes";
import { viewRoutes } from "./view-routes";

/** States of a command that a retry sends again. */
const RETRYABLE = new Set(["failed", "timeout", "offline"]);
/** How often getRltScreenShoot looks at the command's row while it waits. */
const POLL_MS = 200;

/**
 * Terminal settings and commands (spec §7 "Terminal settings"):
 * /a/api/terminalSet/*. Every call range-checks every terminal first (404
 * for one outside the caller's range, before anything is written or sent),
 * is audited, and answers one outcome per terminal where it sends a command;
 * the outcomes move on live (GET terminal/commandResults) and the failed
 * ones can be sent again (retry).
 */
export const terminalSetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  // Withdrawal of terminals from publications (doClearProgram, deleteTerminalMessage) is the publishing service's.
  const { storage, publishing } = services;
  const db = services.db;
  const tags = ["terminalSet"];
  const access = (permission: Parameters<typeof can>[1]) => ({ access: { permission } });
  const command = access("terminal:device:command");

  await app.register(viewRoutes);
  await app.register(playRoutes);
  await app.register(packageRoutes);
  await app.register(scanRoutes);
  await app.register(truthRoutes);

  app.post(
    "/a/api/terminalSet/terminalSet",
    {
      config: access("terminal:device:settings"),
      schema: { tags, body: TerminalSetBody, response: { 200: TerminalSetOutcomesResponse } },
    },
    async (req) => {
      const { ids, settings } = req.body;
      if (!Object.values(settings).some((v) => v !== undefined)) throw badRequest("terminalSet.emptyPatch");
      await rangedTerminals(services, req, ids, { settings });
      await patchSettings(services, ids, settings);
      const list = await sendSettings(services, ids, actorOf(req).userId);
      return { list };
    },
  );

  /** A command without arguments (or with fixed ones) to the terminals of the body. */
  const simple = (path: string, name: string, permission: Parameters<typeof access>[0]) =>
    app.post(
      `/a/api/terminalSet/${path}`,
      {
        config: access(permission),
        schema: { tags, body: TerminalSetIdsBody, response: { 200: TerminalSetOutcomesResponse } },
      },
      async (req) => {
        const { ids } = req.body;
        await rangedTerminals(services, req, ids, { command: name });
        const list = await app.services.hub.command(ids, name, {}, actorOf(req).userId, timeoutOf(name));
        return { list };
      },
    );
  simple("reboot", "reboot", "terminal:device:command");
  simple("refreshTerminalPrograms", "refresh", "terminal:device:command");
  simple("screenShoot", "screenshot", "terminal:device:screenshot");
  simple("getRltPrograms", "programs", "terminal:device:command");

  app.post(
    "/a/api/terminalSet/deleteFileByTerminalIds",
    {
      config: command,
      schema: { tags, body: DeleteFilesBody, response: { 200: TerminalSetOutcomesResponse } },
    },
    async (req) => {
      const { ids, hashes } = req.body;
      await rangedTerminals(services, req, ids, {
        command: "deleteFiles",
        hashes: hashes?.length ?? "unneeded",
      });
      const args = hashes ? { hashes: [...new Set(hashes)] } : {};
      const list = await app.services.hub.command(ids, "deleteFiles", args, actorOf(req).userId);
      return { list };
    },
  );

  // Confirmed in the console first: the terminals lose everything they were given to play.
  app.post(
    "/a/api/terminalSet/doClearProgram",
    {
      config: command,
      schema: { tags, body: TerminalSetIdsBody, response: { 200: TerminalSetOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids } = req.body;
      await rangedTerminals(services, req, ids, { command: "clear" });
      // Their live publications (those they hold and those still to reach them) read before they are emptied.
      const pubs = await livePublicationsOf(db, ids);
      await clearTerminals(db, ids, services.clock.now());
      if (pubs.length) await publishing.withdraw(actor, pubs, ids, req.log);
      await app.services.hub.notifySync(ids);
      req.audit.detail = { command: "clear", withdrawnFrom: pubs.map((p) => p.id) };
      const list = await app.services.hub.command(ids, "clear", {}, actor.userId);
      return { list };
    },
  );

  app.post(
    "/a/api/terminalSet/removeTerminals",
    {
      // Deletes terminals as terminal/delete does: audited as the same action.
      config: { ...access("terminal:device:delete"), action: "/a/api/terminal/delete" },
      schema: { tags, body: TerminalSetIdsBody, response: { 200: RemoveTerminalsResponse } },
    },
    async (req) => {
      const { ids } = req.body;
      await rangedTerminals(services, req, ids);
      // As POST terminal/delete: the row goes, and with it the token; the socket closes refused.
      await deleteTerminals(db, ids);
      for (const id of ids) {
        try {
          await app.services.hub.notifyState(id);
        } catch (err) {
          req.log.warn({ err, terminalId: id }, "the terminal could not be told it was removed");
        }
      }
      return { removed: ids.length };
    },
  );

  // ---- screenshots ----

  /** The stored screenshot of a terminal row, if its file is there. */
  const stored = async (row: { id: number; screenshotMd5: string | null; screenshotAt: Date | null }) => {
    if (!row.screenshotMd5 || !(await storage.exists(row.screenshotMd5))) return null;
    return {
      url: screenshotUrl(row.id, row.screenshotMd5) as string,
      at: row.screenshotAt?.toISOString() ?? null,
    };
  };

  app.get(
    "/a/api/terminalSet/onlyScreenShoot",
    {
      config: access("terminal:device:view"),
      schema: { tags, querystring: TerminalSetIdQuery, response: { 200: OnlyScreenshotResponse } },
    },
    async (req) => {
      const [row] = await rangedTerminals(services, req, [req.query.id]);
      const screenshot = row ? await stored(row) : null;
      return { terminalId: req.query.id, screenshot };
    },
  );

  // Asks the terminal and waits for its picture: a GET the spec names that sends a command.
  app.get(
    "/a/api/terminalSet/getRltScreenShoot",
    {
      config: { ...access("terminal:device:screenshot"), mutates: true },
      schema: { tags, querystring: TerminalSetIdQuery, response: { 200: RltScreenshotResponse } },
    },
    async (req) => {
      const id = req.query.id;
      await rangedTerminals(services, req, [id], { command: "screenshot" });
      const [first] = await app.services.hub.command(
        [id],
        "screenshot",
        {},
        actorOf(req).userId,
        SCREENSHOT_WAIT_MS,
      );
      if (!first) throw new Error("no outcome for the screenshot command");
      let outcome: CommandOutcome = first;
      const until = Date.now() + SCREENSHOT_WAIT_MS + 1000;
      while ((outcome.state === "queued" || outcome.state === "sent") && Date.now() < until) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        outcome = (await app.services.hub.results([first.id]))[0] ?? outcome;
      }
      let screenshot = null;
      if (outcome.state === "done") {
        const row = await screenshotOfTerminal(db, id);
        if (row) screenshot = await stored(row);
      }
      return { terminalId: id, screenshot, outcome };
    },
  );

  // ---- retry ----

  app.post(
    "/a/api/terminalSet/retry",
    {
      config: {
        access: {
          anyOf: [
            "terminal:device:command",
            "terminal:device:screenshot",
            "terminal:device:upgrade",
            "terminal:device:settings",
          ],
        },
      },
      schema: { tags, body: TerminalSetRetryBody, response: { 200: TerminalSetOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const commandIds = [...new Set(req.body.commandIds)];
      const rows = await commandsOfRange(db, actor, commandIds);
      const found = new Set(rows.map((r) => r.id));
      const missing = commandIds.find((id) => !found.has(id));
      if (missing !== undefined) throw new AppError(404, "terminalSet.commandMissing", { id: missing });
      for (const r of rows) {
        const needed = permissionOf(r.name);
        if (!can(actor, needed)) throw new AppError(403, "auth.forbidden", { permission: needed });
      }
      const again = rows.filter((r) => RETRYABLE.has(r.state));
      req.audit.target = `command:${commandIds.join(",")}`.slice(0, 500);
      req.audit.detail = { retried: again.map((r) => r.id) };
      const list: CommandOutcome[] = [];
      // Settings are sent as they are now (they may have changed since), not as they were.
      const settingsOf = again.filter((r) => r.name === "settings").map((r) => r.terminalId);
      if (settingsOf.length) list.push(...(await sendSettings(services, settingsOf, actor.userId)));
      const groups = new Map<string, { name: string; args: Record<string, unknown>; ids: Set<number> }>();
      for (const r of again) {
        if (r.name === "settings") continue;
        const key = `${r.name}|${JSON.stringify(r.args)}`;
        const g = groups.get(key) ?? { name: r.name, args: r.args, ids: new Set<number>() };
        g.ids.add(r.terminalId);
        groups.set(key, g);
      }
      for (const g of groups.values()) {
        // What a play-now or message command plays is in the manifest: it is fetched again first.
        if (g.name === "playProgram" || g.name === "playMessage" || g.name === "clear")
          await app.services.hub.notifySync([...g.ids]);
        list.push(
          ...(await app.services.hub.command([...g.ids], g.name, g.args, actor.userId, timeoutOf(g.name))),
        );
      }
      return { list };
    },
  );
};
