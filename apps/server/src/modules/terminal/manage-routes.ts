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
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { AppError, FieldErrors } from "../../platform/errors";
import { officeInScope } from "../../platform/tenancy";
import {
  claimTerminal,
  deleteGroup,
  deleteTerminals,
  groupContents,
  groupNameTaken,
  moveTerminals,
  programsToGive,
  saveGroup,
  updateTerminals,
} from "./manage-repo";
import {
  findGroup,
  findSummary,
  findTerminals,
  groupAndBelow,
  groupOfOffice,
  type TerminalRow,
} from "./repo";

/** Programs a terminal may be given: those that passed review (or need none) and published ones. */
const PLAYABLE = new Set(["approved", "published"]);

/** Audit targets of many terminals, kept within the column's length. */
const targetOf = (ids: number[]) => `terminal:${ids.join(",")}`.slice(0, 500);

/**
 * The operator's writes on terminals: authorise by enrolment code, move, group, rename,
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
      const row = await claimTerminal(db, actor, { enrolCode, officeId, groupId, name }, now);
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
      await moveTerminals(services, rows, ids, officeId, groupId ?? null, leaving);
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
      await updateTerminals(db, ids, { groupId, updatedAt: services.clock.now() });
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
      const twin = await groupNameTaken(db, officeId, parent, name, existing);
      if (twin) throw new FieldErrors([{ field: "name", key: "terminal.groupNameTaken", values: { name } }]);
      const group = await saveGroup(db, existing, officeId, parent, name);
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
      const held = await groupContents(db, group.id);
      if (held.terminals > 0 || held.groups > 0)
        throw new AppError(409, "terminal.groupNotEmpty", {
          name: group.name,
          terminals: held.terminals,
          groups: held.groups,
        });
      await deleteGroup(db, group.id);
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
      await updateTerminals(db, [id], { state, ...(name ? { name } : {}), updatedAt: services.clock.now() });
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
      await deleteTerminals(db, ids);
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
        const rows = await programsToGive(db, actor, programIds);
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
      await updateTerminals(db, ids, { programIds, updatedAt: services.clock.now() });
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
