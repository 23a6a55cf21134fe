import { rm } from "node:fs/promises";
import {
  API_PREFIX,
  ApkUpdateInfoQuery,
  ApkUpdateInfoResponse,
  type ApkUpdateItem,
  type CommandOutcome,
  type PlayerPackage,
  PushApkBody,
  SendApkFields,
  SendApkResponse,
  UPLOAD_LIMIT_OFF_MB,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import type { TerminalRow } from "../terminal/repo";
import { readMultipart } from "./multipart";
import { insertPackage, latestUpdateCommands, type PackageRow, packageInScope, packagesOf } from "./repo";
import { rangedTerminals, targetOf, UPDATE_TIMEOUT_MS } from "./shared";

const toPackage = (p: PackageRow): PlayerPackage => ({
  id: p.id,
  name: p.name,
  version: p.version,
  model: p.model,
  md5: p.md5,
  sha256: p.sha256,
  size: p.size,
  notes: p.notes,
  createDate: p.createdAt.toISOString(),
});

/** Where a terminal downloads a package (GET /t/package/:id with its bearer token). */
export const packageUrl = (id: number) => `${API_PREFIX}/t/package/${id}`;

/** The progress a terminal's progress frames left in an update command's data. */
function progressOf(data: Record<string, unknown> | null): ApkUpdateItem["progress"] {
  const p = data?.progress as { done?: unknown; total?: unknown; note?: unknown } | undefined;
  if (!p || typeof p.done !== "number" || typeof p.total !== "number") return null;
  return { done: p.done, total: p.total, note: typeof p.note === "string" ? p.note : null };
}

/**
 * Player update packages: sendDedicatedApk uploads one (multipart,
 * streamed to disk and hashed) into the caller's tenant and may push it at
 * once with `update` commands; pushDedicatedApk pushes one uploaded before;
 * getApkUpdateInfo follows the push per terminal (command state, the progress
 * the terminal reports, the version it runs now).
 */
export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { storage } = services;
  const db = services.db;
  const tags = ["terminalSet"];
  const upgrade = { access: { permission: "terminal:device:upgrade" as const } };

  // The package arrives as multipart/form-data and is streamed by the route (never held whole).
  app.addContentTypeParser("multipart/form-data", (_req, payload, done) => done(null, payload));

  /** A package is only for the terminals of its own tenant (`key`): 400 naming the first other one. */
  const assertOfTenant = async (rows: TerminalRow[], key: number | null) => {
    for (const r of rows)
      if ((await services.tree.tenantIdOf(r.officeId)) !== key)
        throw new AppError(400, "terminalSet.packageOtherTenant", { name: r.name });
  };

  /** Sends package `p` to terminals already checked: `update`, waiting up to 30 minutes for each ack. */
  const push = (p: PackageRow, ids: number[], userId: number): Promise<CommandOutcome[]> =>
    app.services.hub.command(
      ids,
      "update",
      { packageId: p.id, version: p.version, url: packageUrl(p.id), sha256: p.sha256, size: p.size },
      userId,
      UPDATE_TIMEOUT_MS,
    );

  app.post(
    "/a/api/terminalSet/sendDedicatedApk",
    { config: upgrade, schema: { tags, response: { 200: SendApkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const open = await services.settings.get("uploadLimitOpen");
      const mb = open ? await services.settings.get("uploadLimitSize") : UPLOAD_LIMIT_OFF_MB;
      const body = await readMultipart(req, {
        fileField: "file",
        maxFileBytes: mb * 1024 * 1024,
        tooLarge: () => new AppError(413, "terminalSet.packageTooLarge", { limit: mb }),
        tmpPath: () => storage.tempPath("package"),
      });
      const file = body.file;
      try {
        const parsed = SendApkFields.safeParse(body.fields, { reportInput: true });
        if (!parsed.success) throw parsed.error;
        if (!file) throw new FieldErrors([{ field: "file", key: "terminalSet.fileRequired" }]);
        if (!file.size) throw new FieldErrors([{ field: "file", key: "terminalSet.fileEmpty" }]);
        const { version, model, notes, ids } = parsed.data;
        // Every terminal is checked before anything is stored: in range, and of this tenant.
        const key = actor.tenantId;
        const rows = ids ? await rangedTerminals(services, req, ids) : [];
        await assertOfTenant(rows, key);
        await storage.adopt(file.tmp, file.md5);
        const name =
          file.name
            .replace(/[\\/\p{Cc}]/gu, "_")
            .trim()
            .slice(0, 200) || `package-${version}`;
        const row = await insertPackage(db, {
          officeId: actor.tenantId,
          name,
          version,
          model: model || null,
          md5: file.md5,
          sha256: file.sha256,
          size: file.size,
          notes: notes || null,
          createdBy: actor.userId,
        });
        if (!row) throw new Error("package not stored");
        req.audit.target = ids ? `package:${row.id} ${targetOf(ids)}`.slice(0, 500) : `package:${row.id}`;
        req.audit.detail = {
          name,
          version,
          size: file.size,
          sha256: file.sha256,
          terminals: ids?.length ?? 0,
        };
        const list = ids?.length ? await push(row, ids, actor.userId) : [];
        return { package: toPackage(row), list };
      } finally {
        // Adopted (renamed into place) or refused: the temp file goes either way.
        if (file) await rm(file.tmp, { force: true });
      }
    },
  );

  app.post(
    "/a/api/terminalSet/pushDedicatedApk",
    { config: upgrade, schema: { tags, body: PushApkBody, response: { 200: SendApkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { packageId, ids } = req.body;
      const rows = await rangedTerminals(services, req, ids);
      // Another tenant's package answers exactly like a missing one.
      const pkg = await packageInScope(db, actor, packageId);
      if (!pkg) throw notFound("package", packageId);
      await assertOfTenant(rows, actor.tenantId);
      req.audit.target = `package:${pkg.id} ${targetOf(ids)}`.slice(0, 500);
      req.audit.detail = { name: pkg.name, version: pkg.version, terminals: ids.length };
      const list = await push(pkg, ids, actor.userId);
      return { package: toPackage(pkg), list };
    },
  );

  app.get(
    "/a/api/terminalSet/getApkUpdateInfo",
    {
      config: upgrade,
      schema: { tags, querystring: ApkUpdateInfoQuery, response: { 200: ApkUpdateInfoResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { packageId, commandIds } = req.query;
      const packages = await packagesOf(db, actor);
      let of: { packageId: number } | { commandIds: string[] } | undefined;
      if (packageId !== undefined) {
        if (!packages.some((p) => p.id === packageId)) throw notFound("package", packageId);
        of = { packageId };
      } else if (commandIds) {
        of = { commandIds };
      }
      let list: ApkUpdateItem[] = [];
      if (of) {
        const rows = await latestUpdateCommands(db, actor, of);
        list = rows.map(({ c, terminalName, version, online }) => {
          const args = c.args as { packageId?: unknown; version?: unknown };
          return {
            commandId: c.id,
            terminalId: c.terminalId,
            terminalName,
            packageId: typeof args.packageId === "number" ? args.packageId : null,
            targetVersion: typeof args.version === "string" ? args.version : null,
            state: c.state,
            reason: c.reason,
            progress: progressOf(c.data ?? null),
            version,
            online,
            createDate: c.createdAt.toISOString(),
            doneDate: c.doneAt?.toISOString() ?? null,
          };
        });
        list.sort((a, b) => a.terminalName.localeCompare(b.terminalName) || a.terminalId - b.terminalId);
      }
      return { list, packages: packages.map(toPackage) };
    },
  );
};
