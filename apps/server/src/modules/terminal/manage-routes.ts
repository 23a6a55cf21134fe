import {
  DeleteTerminalGroupBody,
  IdsBody,
  OkResponse,
  SaveTerminalGroupBody,
  SaveTerminalGroupResponse,
  SetTerminalProgramsBody,
  TerminalAuthorizeBody,
  TerminalResponse,
  UpdateTerminalBody,
  UpdateTerminalGroupBody,
  UpdateTerminalOfficeBody,
} from "@marquee/contracts";
import { and, count, eq, inArray, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { programs, terminalGroups, terminals } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { AppError, FieldErrors } from "../../platform/errors";
import { officeInScope } from "../../platform/tenancy";
import { assertTerminalQuota, holdsSeat } from "../office/quota";
import { programScope } from "../program/repo";
import {
  findGroup,
  findSummary,
  findTerminals,
  groupAndBelow,
  groupOfOffice,
  leaveTenant,
  type TerminalRow,
} from "./repo";

/** Programs a terminal may be given: those that passed review (or need none) and published ones. */
const PLAYABLE = new Set(["approved", "published"]);

/** Audit targets of many terminals, kept within the column's length. */
const targetOf = (ids: number[]) => `terminal:${ids.join(",")}`.slice(0, 500);

/**
 * The operator's writes on terminals (issue 6): authorise by enrolment code, move, group, rename,
 * disable, delete, choose programs; and terminal groups. Each one is range-checked, audited, and
 * tells the terminals concerned through the hub. A notification that fails is logged, not answered
 * as a failure: the row is written, and the terminal reads its state and manifest again when it
 * next connects.
 */
export const terminalManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["terminal"];
  const edit = { access: { permission: "terminal:device:edit" as const } };
  const groupEdit = { access: { permission: "terminal:group:edit" as const } };

  const notifyState = async (log: FastifyBaseLogger, ids: number[]) => {
    for (const id of ids) {
      try {
        await app.services.hub.notifyState(id);
      } catch (err) {
        log.warn({ err, terminalId: id }, "the terminal could not be told of its new state");
      }
    }
  };

  /** Terminals still waiting for authorisation cannot be moved or edited into an office: authorise them first. */
  const refusePending = (rows: TerminalRow[]) => {
    const pending = rows.find((r) => r.state === "pending");
    if (pending) throw new AppError(409, "terminal.notAuthorised", { name: pending.name });
  };

  app.post(
    "/a/api/terminal/authorize",
    {
      config: { access: { permission: "terminal:device:authorize" } },
      schema: { tags, body: TerminalAuthorizeBody, response: { 200: TerminalResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { enrolCode, officeId, groupId, name } = req.body;
      await officeInScope(services.tree, actor, officeId, "officeId");
      if (groupId !== undefined) await groupOfOffice(db, actor, groupId, officeId);
      const now = services.clock.now();
      // Claimed by its code, whatever office it waits in; a second operator with the same code finds nothing.
      const row = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(terminals)
          .set({
            state: "authorised",
            officeId,
            groupId: groupId ?? null,
            ...(name ? { name } : {}),
            authorisedBy: actor.userId,
            authorisedAt: now,
            updatedAt: now,
          })
          .where(and(eq(terminals.enrolCode, enrolCode), eq(terminals.state, "pending")))
          .returning({ id: terminals.id });
        if (!claimed)
          throw new FieldErrors([
            { field: "enrolCode", key: "terminal.enrolCodeUnknown", values: { code: enrolCode } },
          ]);
        // The tenants above with a terminal quota: over it, nothing is written (409).
        await assertTerminalQuota(tx, officeId, () => 1);
        return claimed;
      });
      req.audit.target = `terminal:${row.id}`;
      req.audit.detail = { officeId, groupId: groupId ?? null };
      await notifyState(req.log, [row.id]);
      return {
        terminal: await findSummary(db, services.tree, actor, row.id),
      };
    },
  );

  app.post(
    "/a/api/terminal/updateTerminalOffice",
    { config: edit, schema: { tags, body: UpdateTerminalOfficeBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, officeId, groupId } = req.body;
      const rows = await findTerminals(db, actor, ids);
      refusePending(rows);
      await officeInScope(services.tree, actor, officeId, "officeId");
      if (groupId !== undefined) await groupOfOffice(db, actor, groupId, officeId);
      // A screen moving to another tenant leaves behind what the old tenant gave it (see leaveTenant).
      const target = (await services.tree.tenantOf(officeId))?.id;
      const leaving: number[] = [];
      for (const r of rows) if ((await services.tree.tenantOf(r.officeId))?.id !== target) leaving.push(r.id);
      // Groups belong to an office: a move without a group leaves the terminals ungrouped.
      await db.transaction(async (tx) => {
        await tx
          .update(terminals)
          .set({ officeId, groupId: groupId ?? null, updatedAt: services.clock.now() })
          .where(inArray(terminals.id, ids));
        await leaveTenant(tx, leaving, services.clock.now());
        // Screens moved into a tenant with a terminal quota take places in it.
        const paths = new Map<number, string>();
        for (const r of rows) paths.set(r.officeId, (await services.tree.get(r.officeId))?.path ?? "");
        await assertTerminalQuota(
          tx,
          officeId,
          (t) => rows.filter((r) => holdsSeat(r) && !paths.get(r.officeId)?.startsWith(t.path)).length,
        );
      });
      req.audit.target = targetOf(ids);
      req.audit.detail = { officeId, groupId: groupId ?? null };
      await notifyState(req.log, ids);
      return {};
    },
  );

  app.post(
    "/a/api/terminal/updateTerminalGroup",
    { config: edit, schema: { tags, body: UpdateTerminalGroupBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, groupId } = req.body;
      const rows = await findTerminals(db, actor, ids);
      if (groupId !== null) {
        const group = await findGroup(db, actor, groupId);
        const stranger = rows.find((r) => r.officeId !== group.officeId);
        if (stranger)
          throw new FieldErrors([
            {
              field: "groupId",
              key: "terminal.groupOtherOffice",
              values: { name: stranger.name, group: group.name },
            },
          ]);
      }
      await db
        .update(terminals)
        .set({ groupId, updatedAt: services.clock.now() })
        .where(inArray(terminals.id, ids));
      req.audit.target = targetOf(ids);
      req.audit.detail = { groupId };
      return {};
    },
  );

  app.post(
    "/a/api/terminal/saveTerminalGroup",
    {
      config: groupEdit,
      schema: { tags, body: SaveTerminalGroupBody, response: { 200: SaveTerminalGroupResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, officeId, parentId, name } = req.body;
      await officeInScope(services.tree, actor, officeId, "officeId");
      if (parentId != null) await groupOfOffice(db, actor, parentId, officeId, "parentId");
      const existing = id !== undefined ? await findGroup(db, actor, id) : null;
      if (existing) {
        if (existing.officeId !== officeId)
          throw new FieldErrors([
            { field: "officeId", key: "terminal.groupOfficeFixed", values: { name: existing.name } },
          ]);
        if (parentId != null && (await groupAndBelow(db, existing)).includes(parentId))
          throw new FieldErrors([{ field: "parentId", key: "terminal.groupCycle" }]);
      }
      // parentId: absent keeps the group where it is, null puts it at the top of the office.
      const parent = parentId !== undefined ? parentId : (existing?.parentId ?? null);
      const [twin] = await db
        .select({ id: terminalGroups.id })
        .from(terminalGroups)
        .where(
          and(
            eq(terminalGroups.officeId, officeId),
            parent === null ? isNull(terminalGroups.parentId) : eq(terminalGroups.parentId, parent),
            eq(terminalGroups.name, name),
            existing ? ne(terminalGroups.id, existing.id) : undefined,
          ),
        );
      if (twin) throw new FieldErrors([{ field: "name", key: "terminal.groupNameTaken", values: { name } }]);
      const [group] = existing
        ? await db
            .update(terminalGroups)
            .set({ name, parentId: parent })
            .where(eq(terminalGroups.id, existing.id))
            .returning()
        : await db.insert(terminalGroups).values({ officeId, parentId: parent, name }).returning();
      if (!group) throw new Error("terminal group not saved");
      req.audit.target = `terminalGroup:${group.id}`;
      return {
        group: { id: group.id, officeId: group.officeId, parentId: group.parentId, name: group.name },
      };
    },
  );

  app.post(
    "/a/api/terminal/deleteTerminalGroup",
    { config: groupEdit, schema: { tags, body: DeleteTerminalGroupBody, response: { 200: OkResponse } } },
    async (req) => {
      const group = await findGroup(db, actorOf(req), req.body.id);
      req.audit.target = `terminalGroup:${group.id}`;
      const [[held], [kids]] = await Promise.all([
        db.select({ n: count() }).from(terminals).where(eq(terminals.groupId, group.id)),
        db.select({ n: count() }).from(terminalGroups).where(eq(terminalGroups.parentId, group.id)),
      ]);
      if ((held?.n ?? 0) > 0 || (kids?.n ?? 0) > 0)
        throw new AppError(409, "terminal.groupNotEmpty", {
          name: group.name,
          terminals: held?.n ?? 0,
          groups: kids?.n ?? 0,
        });
      await db.delete(terminalGroups).where(eq(terminalGroups.id, group.id));
      return {};
    },
  );

  app.post(
    "/a/api/terminal/update",
    { config: edit, schema: { tags, body: UpdateTerminalBody, response: { 200: TerminalResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { id, name, disabled } = req.body;
      const [row] = await findTerminals(db, actor, [id]);
      if (!row) throw new Error("terminal not found");
      // Enabling gives back the state before: authorised, or pending for a screen nobody authorised yet.
      const state =
        disabled === true
          ? "disabled"
          : disabled === false && row.state === "disabled"
            ? row.authorisedAt
              ? "authorised"
              : "pending"
            : row.state;
      await db
        .update(terminals)
        .set({ state, ...(name ? { name } : {}), updatedAt: services.clock.now() })
        .where(eq(terminals.id, id));
      req.audit.target = `terminal:${id}`;
      req.audit.detail = { name: name ?? null, state };
      if (state !== row.state) await notifyState(req.log, [id]);
      // A new name reaches the screen with its next manifest (the player shows it).
      else if (name && name !== row.name) {
        try {
          await app.services.hub.notifySync([id]);
        } catch (err) {
          req.log.warn({ err, terminalId: id }, "the terminal could not be told of its new name");
        }
      }
      return { terminal: await findSummary(db, services.tree, actor, id) };
    },
  );

  app.post(
    "/a/api/terminal/delete",
    {
      config: { access: { permission: "terminal:device:delete" } },
      schema: { tags, body: IdsBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const { ids } = req.body;
      await findTerminals(db, actorOf(req), ids);
      await db.delete(terminals).where(inArray(terminals.id, ids));
      req.audit.target = targetOf(ids);
      // With its row gone the hub closes the terminal's socket; the device must register again.
      await notifyState(req.log, ids);
      return {};
    },
  );

  app.post(
    "/a/api/terminal/setPrograms",
    { config: edit, schema: { tags, body: SetTerminalProgramsBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { ids } = req.body;
      const programIds = [...new Set(req.body.programIds)];
      const targets = await findTerminals(db, actor, ids);
      if (programIds.length) {
        const rows = await db
          .select({
            id: programs.id,
            name: programs.name,
            state: programs.state,
            officeId: programs.officeId,
          })
          .from(programs)
          .where(and(inArray(programs.id, programIds), programScope(actor)));
        const found = new Set(rows.map((r) => r.id));
        const missing = programIds.filter((p) => !found.has(p));
        if (missing.length)
          throw new FieldErrors([
            { field: "programIds", key: "terminal.programMissing", values: { ids: missing.join(", ") } },
          ]);
        // A screen plays only its own tenant's content: another tenant's program would never reach it.
        for (const r of rows)
          for (const terminal of targets)
            if (
              (await services.tree.tenantOf(r.officeId))?.id !==
              (await services.tree.tenantOf(terminal.officeId))?.id
            )
              throw new FieldErrors([
                {
                  field: "programIds",
                  key: "terminalSet.contentOtherTenant",
                  values: { name: r.name, terminal: terminal.name },
                },
              ]);
        const unready = rows.find((r) => !PLAYABLE.has(r.state));
        if (unready)
          throw new FieldErrors([
            {
              field: "programIds",
              key: "terminal.programNotPlayable",
              values: { name: unready.name, state: req.t(`program.state.${unready.state}`) },
            },
          ]);
      }
      await db
        .update(terminals)
        .set({ programIds, updatedAt: services.clock.now() })
        .where(inArray(terminals.id, ids));
      req.audit.target = targetOf(ids);
      req.audit.detail = { programIds };
      try {
        await app.services.hub.notifySync(ids);
      } catch (err) {
        req.log.warn({ err }, "the terminals could not be told of their new programs");
      }
      return {};
    },
  );
};
