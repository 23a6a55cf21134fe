import { z } from "zod";
import { zBool, zId } from "./common";

export const DATA_RANGES = ["subtree", "offices", "own"] as const;
export type DataRange = (typeof DATA_RANGES)[number];

/** The current user as getUserInfo answers it (spec §3 Current user + what the shell needs). */
export const UserInfo = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  officeId: z.number(),
  officeName: z.string(),
  officeType: z.string(),
  twoFactor: z.boolean(),
  dataRange: z.enum(DATA_RANGES),
  dataOffices: z.array(z.number()),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const UserInfoResponse = z.object({
  code: z.number(),
  msg: z.string(),
  user: UserInfo,
  permissions: z.array(z.string()),
  roles: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v));

/** POST /a/api/user/saveUserInfo: the caller's own profile. */
export const SaveUserInfoBody = z.strictObject({
  name: z.string().trim().min(1).max(64).optional(),
  email: z
    .union([z.literal(""), z.email().max(254)])
    .transform((v) => (v === "" ? null : v))
    .optional(),
  phone: optionalText(32)
    .refine((v) => v === null || /^[+\d][\d\s-]{3,31}$/.test(v), "validation.format")
    .optional(),
  avatar: optionalText(500).optional(),
  twoFactor: zBool.optional(),
});

/** POST /a/api/user/modifyPassword: the old password is checked. */
export const ModifyPasswordBody = z.strictObject({
  oldPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});

/** GET /a/api/user/updateDefDataRange: a user's data range. */
export const UpdateDataRangeQuery = z.strictObject({
  userId: zId,
  dataRange: z.enum(DATA_RANGES),
  officeIds: z
    .union([z.string().max(10_000), z.array(z.union([z.string(), z.number()])).max(1000)])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return [];
      const ids = (Array.isArray(v) ? v.map(String) : v.split(",")).map((s) => Number(s.trim()));
      if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
        ctx.addIssue({ code: "custom", message: "validation.format" });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
});

/** GET /a/api/customer/imgSetting (spec §3 User personal info). */
export const ImgSettingResponse = z.object({
  code: z.number(),
  msg: z.string(),
  secondDomainName: z.string().nullable(),
  personalType: z.number(),
  logo: z.string().nullable(),
});

/** Largest avatar image, in bytes. */
export const AVATAR_MAX_BYTES = 512 * 1024;

/** POST /a/api/user/uploadAvatar: the image as a data URL (what a browser's FileReader gives). */
export const UploadAvatarBody = z.strictObject({
  image: z
    .string()
    .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100)
    .regex(/^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]+$/, "user.avatarInvalid"),
});
