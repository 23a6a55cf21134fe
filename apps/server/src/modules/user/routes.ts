import {
  AVATAR_MAX_BYTES,
  ModifyPasswordBody,
  OkResponse,
  SaveUserInfoBody,
  UpdateDataRangeQuery,
  UploadAvatarBody,
  UploadAvatarResponse,
  UserInfoQuery,
  UserInfoResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import { binaryResponse } from "../../platform/download";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import { hashPassword, verifyPassword } from "../../platform/password";
import { readPassword } from "../session/password-input";
import { AVATAR_FILE, avatarType, readAvatar, sniffImage, storeAvatar } from "./avatar";
import {
  assertManageable,
  assertPasswordPolicy,
  assertRangeWithin,
  emailOf,
  raceToFieldError,
  rolesOfUsers,
  takenFields,
  updateUser,
  userById,
  userDetail,
  userInRange,
  userWithOffice,
} from "./repo";

/** The signed-in user's own profile and password, and users' data ranges. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    "/a/api/user/getUserInfo",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["user"], querystring: UserInfoQuery, response: { 200: UserInfoResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      // Another user's details: user management, within the caller's range.
      if (req.query.id !== undefined && req.query.id !== actor.userId) {
        if (!can(actor, "sys:user:view"))
          throw new AppError(403, "auth.forbidden", { permission: "sys:user:view" });
        const detail = await userDetail(services, await userInRange(services.db, actor, req.query.id));
        return { ...detail };
      }
      const row = await userWithOffice(services.db, actor.userId);
      if (!row) throw notFound("user", actor.userId);
      const u = row.user;
      return {
        user: {
          id: u.id,
          username: u.username,
          name: u.name,
          avatar: u.avatar,
          email: u.email,
          phone: u.phone,
          officeId: u.officeId,
          officeName: row.officeName,
          officeType: row.officeType,
          twoFactor: u.twoFactor,
          dataRange: u.dataRange,
          dataOffices: u.dataOffices,
        },
        permissions: actor.all ? ["*"] : [...actor.permissions].sort(),
        roles: [...actor.roles],
      };
    },
  );

  app.post(
    "/a/api/user/saveUserInfo",
    {
      config: { access: { signedIn: true }, sessionOnly: true },
      schema: { tags: ["user"], body: SaveUserInfoBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const changes = Object.fromEntries(Object.entries(req.body).filter(([, v]) => v !== undefined));
      if (changes.twoFactor === true) {
        const current = await emailOf(services.db, actor.userId);
        const email = "email" in changes ? changes.email : current;
        if (!email) throw new FieldErrors([{ field: "email", key: "login.noMail" }]);
      }
      req.audit.target = `user:${actor.userId}`;
      req.audit.detail = { fields: Object.keys(changes) };
      // A mail or phone another user has is refused by field, with one message naming nobody;
      // a save racing for it into the unique index ends the same.
      const taken = await takenFields(
        services.db,
        { email: req.body.email, phone: req.body.phone },
        actor.userId,
      );
      if (taken.length > 0) throw new FieldErrors(taken);
      if (Object.keys(changes).length > 0) {
        await updateUser(services.db, actor.userId, { ...changes, updatedAt: services.clock.now() }).catch(
          (err) => raceToFieldError(err, {}),
        );
        services.actors.invalidate(actor.userId);
      }
      return {};
    },
  );

  app.post(
    "/a/api/user/modifyPassword",
    {
      config: { access: { signedIn: true }, sessionOnly: true },
      schema: { tags: ["user"], body: ModifyPasswordBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `user:${actor.userId}`;
      const oldPassword = await readPassword(services, req.body.oldPassword);
      const newPassword = await readPassword(services, req.body.newPassword);
      await assertPasswordPolicy(services.settings, newPassword, "newPassword");
      const user = await userById(services.db, actor.userId);
      if (!user) throw notFound("user", actor.userId);
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new FieldErrors([{ field: "oldPassword", key: "user.oldPasswordWrong" }]);
      }
      if (oldPassword === newPassword)
        throw new FieldErrors([{ field: "newPassword", key: "user.passwordSame" }]);
      const now = services.clock.now();
      await updateUser(services.db, actor.userId, {
        passwordHash: await hashPassword(newPassword),
        passwordChangedAt: now,
        mustChangePassword: false,
        updatedAt: now,
      });
      await services.sessions.endOthers(actor.userId, req.sessionHash);
      return {};
    },
  );

  app.get(
    "/a/api/user/updateDefDataRange",
    {
      config: { access: { permission: "sys:user:edit" }, mutates: true },
      schema: { tags: ["user"], querystring: UpdateDataRangeQuery, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { userId, dataRange, officeIds } = req.query;
      req.audit.target = `user:${userId}`;
      req.audit.detail = { dataRange, officeIds };
      // Another tenant's user looks the same as no user: nothing leaks across tenants.
      const target = await userInRange(services.db, actor, userId);
      // Nobody widens the range of a user who outranks them, nor beyond their own range.
      await assertManageable(
        services,
        actor,
        target,
        (await rolesOfUsers(services.db, [userId])).get(userId) ?? [],
      );
      await assertRangeWithin(services, actor, target.officeId, dataRange, officeIds, "officeIds");
      await updateUser(services.db, userId, {
        dataRange,
        dataOffices: dataRange === "offices" ? officeIds : [],
        updatedAt: services.clock.now(),
      });
      services.actors.invalidate(userId);
      return {};
    },
  );

  app.post(
    "/a/api/user/uploadAvatar",
    {
      config: { access: { signedIn: true } },
      schema: { tags: ["user"], body: UploadAvatarBody, response: { 200: UploadAvatarResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const bytes = Buffer.from(req.body.image.slice(req.body.image.indexOf(",") + 1), "base64");
      if (bytes.length > AVATAR_MAX_BYTES) {
        throw new FieldErrors([
          { field: "image", key: "user.avatarTooLarge", values: { max: AVATAR_MAX_BYTES / 1024 } },
        ]);
      }
      const kind = sniffImage(bytes);
      if (!kind) throw new FieldErrors([{ field: "image", key: "user.avatarInvalid" }]);
      const file = await storeAvatar(app.services.storage.store, bytes, kind.ext);
      const avatar = `/apm-web/f/avatar/${file}`;
      req.audit.target = `user:${actor.userId}`;
      await updateUser(services.db, actor.userId, { avatar, updatedAt: services.clock.now() });
      services.actors.invalidate(actor.userId);
      return { avatar };
    },
  );

  const avatarImage = binaryResponse("an avatar image", ["image/*"]);
  app.get("/f/avatar/:file", { schema: { tags: ["user"], response: avatarImage } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    if (!AVATAR_FILE.test(file)) throw notFound("avatar", file);
    const bytes = await readAvatar(app.services.storage.store, file).catch(() => null);
    if (!bytes) throw notFound("avatar", file);
    // Named by their content, so they never change.
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .type(avatarType(file))
      .send(bytes);
  });
};
