import {
  ADDRESS_CHECKS_PER_MINUTE,
  AllRoleListQuery,
  type AssignableRole,
  CheckPhoneOrEmailBody,
  CheckPhoneOrEmailResponse,
  CheckVerificationCodeBody,
  CheckVerificationCodeResponse,
  ConfirmOldPasswordQuery,
  ConfirmOldPasswordResponse,
  ModifyPwdBody,
  OkResponse,
  PwdPastDueModifyBody,
  passwordExpired,
  RoleOptionsResponse,
  SendCodeToNewAddressBody,
  SendVerificationCodeBody,
  UserDeleteBody,
  UserIdQuery,
  UserListQuery,
  UserListResponse,
  type UserRow,
  UserSaveBody,
  UserSaveResponse,
  VERIFICATION_CODE_TTL_MS,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { type Actor, can } from "../../platform/actor";
import {
  AppError,
  allFound,
  badRequest,
  FieldErrors,
  foreignKeyViolation,
  notFound,
} from "../../platform/errors";
import { MailNotConfiguredError } from "../../platform/mail";
import { hashPassword, verifyPassword } from "../../platform/password";
import { officeInScope, officeVisible } from "../../platform/tenancy";
import { maskMail, VerificationCodes } from "../session/codes";
import { SignInRules } from "../session/credentials";
import { guardKeys } from "../session/guard";
import { readPassword } from "../session/password-input";
import { createUser, deleteUsers, saveUserEdit, userPage, usersByIds, visibleUser } from "./manage-repo";
import {
  assertManageable,
  assertPasswordPolicy,
  assertRangeWithin,
  assignableRoles,
  emailOf,
  isPlatformAdmin,
  platformAdminsBesides,
  type RoleRecord,
  raceToFieldError,
  rolesOfUsers,
  rolesToAssign,
  takenFields,
  updateUser,
  userById,
  userInRange,
} from "./repo";

const toAssignable = (r: RoleRecord, checked?: boolean): AssignableRole => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  officeId: r.officeId,
  builtIn: r.builtIn,
  allPermissions: r.allPermissions,
  ...(checked === undefined ? {} : { checked }),
});

/**
 * User management (/a/api/user/*): list, save, delete, roles, passwords,
 * verification codes. Every call is scoped to the caller's data range (a
 * user outside it answers 404 like a missing one) and never lets the caller
 * make anyone more than they are: roles are checked with the tenant rule
 * (platform/tenant.ts), data ranges against the caller's own.
 */
export const userManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["user"];
  const view = { access: { permission: "sys:user:view" as const } };
  const edit = { access: { permission: "sys:user:edit" as const } };
  const remove = { access: { permission: "sys:user:delete" as const } };
  const signedIn = { access: { signedIn: true as const } };
  const openLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };
  const rules = new SignInRules(services);
  const codes = new VerificationCodes(db, services.clock);

  /** A user the actor may change: in range (else 404) and holding nothing the actor could not grant. */
  const manageable = async (actor: Actor, id: number) => {
    const user = await userInRange(db, actor, id);
    const held = (await rolesOfUsers(db, [id])).get(id) ?? [];
    await assertManageable(services, actor, user, held);
    return { user, held };
  };

  /** The uniqueness of a user name, mail or phone, refused by field (a race ends the same: raceToFieldError). */
  const assertFree = async (
    values: Parameters<typeof takenFields>[1],
    exceptId: number | null,
  ): Promise<void> => {
    const taken = await takenFields(db, values, exceptId);
    if (taken.length > 0) throw new FieldErrors(taken);
  };

  app.get(
    "/a/api/user/usereList",
    { config: view, schema: { tags, querystring: UserListQuery, response: { 200: UserListResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const { rows, total } = await userPage(services, actor, q);
      const held = await rolesOfUsers(
        db,
        rows.map((r) => r.user.id),
      );
      const policy = await services.settings.get("passwordPolicy");
      const now = services.clock.now();
      const list: UserRow[] = rows.map(({ user: u, officeName }) => ({
        id: u.id,
        username: u.username,
        name: u.name,
        officeId: u.officeId,
        officeName,
        email: u.email,
        phone: u.phone,
        enabled: u.enabled,
        remarks: u.remarks,
        // Roles of the user's tenant only show the caller what their range holds.
        roles: (held.get(u.id) ?? [])
          .filter((r) => officeVisible(actor, r.officeId))
          .map((r) => ({ id: r.id, code: r.code, name: r.name })),
        dataRange: u.dataRange,
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
        lastLoginIp: u.lastLoginIp,
        mustChangePassword: u.mustChangePassword,
        passwordExpired: passwordExpired(policy, u.passwordChangedAt, now),
        createdAt: u.createdAt.toISOString(),
      }));
      return {
        list,
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.post(
    "/a/api/user/save",
    { config: edit, schema: { tags, body: UserSaveBody, response: { 200: UserSaveResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      const now = services.clock.now();
      if (b.id === undefined) {
        req.audit.target = `user:new:${b.username ?? ""}`;
        const missing = (["username", "name", "officeId", "password"] as const).filter(
          (f) => b[f] === undefined,
        );
        if (missing.length > 0) {
          throw new FieldErrors(missing.map((field) => ({ field, key: "validation.required" as const })));
        }
        const { username, name, officeId } = b as Required<typeof b>;
        await officeInScope(services.tree, actor, officeId, "officeId");
        const password = await readPassword(services, b.password as string);
        await assertPasswordPolicy(services.settings, password, "password");
        await assertFree({ username, email: b.email, phone: b.phone }, null);
        const assigned = await rolesToAssign(services, actor, b.roleIds ?? [], officeId);
        const dataRange = b.dataRange ?? "subtree";
        const dataOffices = dataRange === "offices" ? (b.dataOffices ?? []) : [];
        await assertRangeWithin(services, actor, officeId, dataRange, dataOffices);
        const passwordHash = await hashPassword(password);
        const id = await createUser(
          db,
          {
            officeId,
            username,
            name,
            passwordHash,
            email: b.email ?? null,
            phone: b.phone ?? null,
            enabled: b.enabled ?? true,
            remarks: b.remarks ?? null,
            dataRange,
            dataOffices,
            // Whoever set it knows it: the new user chooses their own at the first sign-in.
            mustChangePassword: true,
            passwordChangedAt: now,
            createdBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          },
          assigned,
        ).catch((err) => raceToFieldError(err, { username, email: b.email, phone: b.phone }));
        req.audit.target = `user:${id}`;
        req.audit.detail = { username, officeId, roles: assigned.map((r) => r.name), dataRange };
        return { id };
      }

      // An edit: what is left out stays.
      const id = b.id;
      req.audit.target = `user:${id}`;
      const { user, held } = await manageable(actor, id);
      const self = id === actor.userId;
      if (b.password !== undefined)
        throw new FieldErrors([{ field: "password", key: "user.passwordByReset" }]);
      if (self && b.enabled === false) throw new FieldErrors([{ field: "enabled", key: "user.selfDisable" }]);
      const officeId = b.officeId ?? user.officeId;
      if (officeId !== user.officeId) await officeInScope(services.tree, actor, officeId, "officeId");
      await assertFree({ username: b.username, email: b.email, phone: b.phone }, id);
      const assigned = await rolesToAssign(services, actor, b.roleIds ?? held.map((r) => r.id), officeId);
      const dataRange = b.dataRange ?? user.dataRange;
      const dataOffices = dataRange === "offices" ? (b.dataOffices ?? user.dataOffices) : [];
      await assertRangeWithin(services, actor, officeId, dataRange, dataOffices);
      const enabled = b.enabled ?? user.enabled;
      if (
        (await isPlatformAdmin(services, user, held)) &&
        !(await isPlatformAdmin(services, { ...user, enabled }, assigned)) &&
        (await platformAdminsBesides(db, [id])) === 0
      ) {
        throw new AppError(409, "user.lastAdmin", { username: user.username });
      }
      const changes = {
        ...(b.username !== undefined && { username: b.username }),
        ...(b.name !== undefined && { name: b.name }),
        ...(b.email !== undefined && { email: b.email }),
        ...(b.phone !== undefined && { phone: b.phone }),
        ...(b.remarks !== undefined && { remarks: b.remarks }),
        officeId,
        enabled,
        dataRange,
        dataOffices,
        updatedAt: now,
      };
      const rolesChanged =
        b.roleIds !== undefined &&
        (assigned.length !== held.length || assigned.some((r) => !held.some((h) => h.id === r.id)));
      await saveUserEdit(db, id, changes, rolesChanged ? assigned : null).catch((err) =>
        raceToFieldError(err, { username: b.username, email: b.email, phone: b.phone }),
      );
      req.audit.detail = {
        username: b.username ?? user.username,
        fields: Object.keys(b).filter((k) => k !== "id"),
        ...(rolesChanged && { roles: assigned.map((r) => r.name) }),
      };
      services.actors.invalidate(id);
      // A disabled account is signed out everywhere at once.
      if (!enabled && user.enabled) await services.sessions.endOthers(id, null);
      return { id };
    },
  );

  app.post(
    "/a/api/user/delete",
    { config: remove, schema: { tags, body: UserDeleteBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { ids } = req.body;
      req.audit.target = `user:${ids.join(",")}`;
      const rows = await usersByIds(db, ids);
      const found = allFound(
        rows.filter((u) => visibleUser(actor, u)),
        ids,
        "user",
      );
      if (ids.includes(actor.userId)) throw new AppError(409, "user.selfDelete");
      const held = await rolesOfUsers(db, ids);
      let admins = false;
      for (const user of found) {
        await assertManageable(services, actor, user, held.get(user.id) ?? []);
        if (await isPlatformAdmin(services, user, held.get(user.id) ?? [])) admins = true;
      }
      if (admins && (await platformAdminsBesides(db, ids)) === 0) {
        const admin = found.find((u) => held.get(u.id)?.some((r) => r.allPermissions));
        throw new AppError(409, "user.lastAdmin", { username: admin?.username ?? "" });
      }
      req.audit.detail = { usernames: found.map((u) => u.username) };
      // Sessions, roles, notices and codes go with the user (cascades); what they created stays,
      // its creator cleared (set null), and the audit trail keeps their name.
      await deleteUsers(db, ids).catch((err) => {
        if (foreignKeyViolation(err))
          throw new AppError(409, "user.inUse", { username: found.map((u) => u.username).join(", ") });
        throw err;
      });
      for (const id of ids) {
        await services.sessions.endOthers(id, null);
        services.actors.invalidate(id);
      }
      return {};
    },
  );

  app.get(
    "/a/api/user/rolesByUserId",
    { config: view, schema: { tags, querystring: UserIdQuery, response: { 200: RoleOptionsResponse } } },
    async (req) => {
      const actor = actorOf(req);
      await userInRange(db, actor, req.query.userId);
      const held = (await rolesOfUsers(db, [req.query.userId])).get(req.query.userId) ?? [];
      return {
        list: held.filter((r) => officeVisible(actor, r.officeId)).map((r) => toAssignable(r, true)),
      };
    },
  );

  app.get(
    "/a/api/user/roleListByUserId",
    { config: view, schema: { tags, querystring: UserIdQuery, response: { 200: RoleOptionsResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const user = await userInRange(db, actor, req.query.userId);
      const held = new Set(((await rolesOfUsers(db, [user.id])).get(user.id) ?? []).map((r) => r.id));
      const list = await assignableRoles(services, actor, user.officeId);
      return { list: list.map((r) => toAssignable(r, held.has(r.id))) };
    },
  );

  app.get(
    "/a/api/user/allRoleList",
    { config: view, schema: { tags, querystring: AllRoleListQuery, response: { 200: RoleOptionsResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const officeId = req.query.officeId ?? actor.officeId;
      await officeInScope(services.tree, actor, officeId);
      const list = await assignableRoles(services, actor, officeId);
      return { list: list.map((r) => toAssignable(r)) };
    },
  );

  app.get(
    "/a/api/user/ConfirmOldpwd",
    {
      // Counts failures like a sign-in, so it cannot be used to guess the password.
      config: { ...signedIn, mutates: true },
      schema: { tags, querystring: ConfirmOldPasswordQuery, response: { 200: ConfirmOldPasswordResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `user:${actor.userId}`;
      const keys = guardKeys(actor.username, req.ip);
      const state = await rules.guard.state(keys);
      if (state.lockedUntil) throw rules.lockedError(state.lockedUntil);
      const password = await readPassword(services, req.query.oldPassword);
      const user = await userById(db, actor.userId);
      if (!user) throw notFound("user", actor.userId);
      const match = await verifyPassword(user.passwordHash, password);
      if (!match) {
        const after = await rules.guard.fail(keys);
        if (after.lockedUntil) throw rules.lockedError(after.lockedUntil);
      }
      req.audit.detail = { match };
      return { msg: req.t(match ? "common.ok" : "user.oldPasswordWrong"), match };
    },
  );

  app.post(
    "/a/api/user/modifyPwd",
    { config: edit, schema: { tags, body: ModifyPwdBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { userId } = req.body;
      req.audit.target = `user:${userId}`;
      const { user } = await manageable(actor, userId);
      if (userId === actor.userId) throw new FieldErrors([{ field: "userId", key: "user.ownPassword" }]);
      const password = await readPassword(services, req.body.password);
      await assertPasswordPolicy(services.settings, password, "password");
      const now = services.clock.now();
      await updateUser(db, userId, {
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        mustChangePassword: true,
        updatedAt: now,
      });
      req.audit.detail = { username: user.username };
      // Whoever held the old password is out; the user signs in again and chooses their own.
      await services.sessions.endOthers(userId, null);
      services.actors.invalidate(userId);
      return {};
    },
  );

  app.post(
    "/a/api/user/pwdPastDueModify",
    {
      config: { access: { open: true }, action: "pwdPastDueModify", ...openLimit },
      schema: { tags, body: PwdPastDueModifyBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const { username, validateCode } = req.body;
      req.audit.username = username;
      const keys = guardKeys(username, req.ip);
      await rules.assertMayTry(req, keys, validateCode);
      const user = await rules.checkPassword(req, username, req.body.oldPassword);
      req.audit.userId = user.id;
      req.audit.officeId = user.officeId;
      req.audit.target = `user:${user.id}`;
      const change = await rules.changeReason(user);
      // Without a session this changes only a password that must change; others go through modifyPassword.
      if (!change.reason) throw badRequest("user.passwordNotExpired");
      const next = await readPassword(services, req.body.newPassword);
      await assertPasswordPolicy(services.settings, next, "newPassword");
      if (await verifyPassword(user.passwordHash, next))
        throw new FieldErrors([{ field: "newPassword", key: "user.passwordSame" }]);
      const now = services.clock.now();
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(next),
        passwordChangedAt: now,
        mustChangePassword: false,
        updatedAt: now,
      });
      req.audit.detail = { reason: change.reason };
      await rules.guard.clear(keys);
      await services.sessions.endOthers(user.id, null);
      services.actors.invalidate(user.id);
      return {};
    },
  );

  app.post(
    "/a/api/user/checkPhoneOrEmail",
    {
      config: {
        ...signedIn,
        // Per user, after the session and access checks: the answer says an address is in use somewhere.
        rateLimit: {
          max: ADDRESS_CHECKS_PER_MINUTE,
          timeWindow: 60_000,
          hook: "preHandler",
          keyGenerator: (req: FastifyRequest) => `addressCheck:${req.actor?.userId ?? req.ip}`,
        },
      },
      schema: { tags, body: CheckPhoneOrEmailBody, response: { 200: CheckPhoneOrEmailResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { email, phone } = req.body;
      const userId = req.body.userId ?? actor.userId;
      req.audit.target = `user:${userId}`;
      // Asking about another user's form is user management.
      if (userId !== actor.userId) {
        if (!can(actor, "sys:user:view"))
          throw new AppError(403, "auth.forbidden", { permission: "sys:user:view" });
        await userInRange(db, actor, userId);
      }
      // The save's own check: one answer whoever has it, in the caller's tenant or another.
      const taken = (await takenFields(db, { email, phone }, userId)).length > 0;
      return { msg: req.t(taken ? "user.addressUnusable" : "common.ok"), taken };
    },
  );

  /** Mails a code confirming `address` to the caller (no mail server: 409, before anything is written). */
  const mailCode = async (req: FastifyRequest, actor: Actor, address: string) => {
    if (!(await services.settings.get("smtp"))) throw new AppError(409, "mail.notConfigured");
    const wait = await codes.waitSeconds(actor.userId);
    if (wait > 0) throw new AppError(429, "login.codeTooSoon", { seconds: wait });
    const code = await codes.issue(actor.userId, address);
    try {
      await services.mailer.send(
        address,
        req.t("mail.verifySubject"),
        req.t("mail.codeBody", { code, minutes: VERIFICATION_CODE_TTL_MS / 60_000 }),
      );
    } catch (err) {
      await codes.revoke(actor.userId);
      if (err instanceof MailNotConfiguredError) throw new AppError(409, "mail.notConfigured");
      req.log.warn({ err }, "verification mail failed");
      throw new AppError(502, "mail.failed", { reason: (err as Error).message });
    }
    req.audit.detail = { mail: maskMail(address) };
    return { msg: req.t("login.codeSent", { mail: maskMail(address) }) };
  };

  app.post(
    "/a/api/user/sendVerificationCode",
    { config: signedIn, schema: { tags, body: SendVerificationCodeBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `user:${actor.userId}`;
      // There is no SMS gateway: phone numbers cannot be confirmed.
      if (req.body.phone) throw badRequest("user.smsNotConfigured");
      const email = await emailOf(db, actor.userId);
      const address = req.body.email ?? email;
      if (!address) throw badRequest("login.noMail");
      if (req.body.email) await assertFree({ email: req.body.email }, actor.userId);
      return mailCode(req, actor, address);
    },
  );

  app.post(
    "/a/api/user/sendVerificationCodeNotHaveToRegister",
    { config: signedIn, schema: { tags, body: SendCodeToNewAddressBody, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `user:${actor.userId}`;
      if (req.body.phone || !req.body.email) throw badRequest("user.smsNotConfigured");
      // Only for an address nobody has yet (binding a new one), the caller included.
      await assertFree({ email: req.body.email }, null);
      return mailCode(req, actor, req.body.email);
    },
  );

  app.post(
    "/a/api/user/checkVerificationCode",
    {
      config: signedIn,
      schema: { tags, body: CheckVerificationCodeBody, response: { 200: CheckVerificationCodeResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `user:${actor.userId}`;
      const valid = await codes.check(actor.userId, req.body.code, req.body.email);
      req.audit.detail = { mail: maskMail(req.body.email), valid };
      return { msg: req.t(valid ? "common.ok" : "login.codeWrong"), valid };
    },
  );
};
