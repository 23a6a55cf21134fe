import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import type { PasswordPolicy } from "./sysSetting";

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

/** What an administrator sees of a user besides UserInfo (getUserInfo?id=). */
export const UserDetailFields = z.object({
  enabled: z.boolean(),
  remarks: z.string().nullable(),
  roleIds: z.array(z.number()),
  mustChangePassword: z.boolean(),
  passwordExpired: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
});
export const UserDetail = UserInfo.extend(UserDetailFields.shape);
export type UserDetail = z.infer<typeof UserDetail>;

/** GET /a/api/user/getUserInfo[?id=]: the caller, or (with sys:user:view) a user in their range. */
export const UserInfoQuery = z.strictObject({ id: zId.optional() });

export const UserInfoResponse = Envelope.extend({
  user: UserInfo.extend(UserDetailFields.partial().shape),
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

/** Largest avatar image, in bytes. */
export const AVATAR_MAX_BYTES = 512 * 1024;

/** POST /a/api/user/uploadAvatar: the image as a data URL (what a browser's FileReader gives). */
export const UploadAvatarBody = z.strictObject({
  image: z
    .string()
    .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100)
    .regex(/^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]+$/, "user.avatarInvalid"),
});
/** POST /a/api/user/uploadAvatar: the avatar's new address. */
export const UploadAvatarResponse = Envelope.extend({ avatar: z.string() });

/* ------------------------------------------------------------------ */
/* The password policy (setting passwordPolicy), one rule for the server and the console. */

/** No password is longer than this, whatever the policy (the hash input stays small). */
export const PASSWORD_MAX_LENGTH = 64;

/** The kinds of characters a policy counts. Letters without case (CJK…) count as lower-case. */
export const PASSWORD_CLASSES = ["lower", "upper", "digit", "symbol"] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];

export function passwordClassOf(ch: string): PasswordClass {
  if (/\p{Lu}/u.test(ch)) return "upper";
  if (/\p{L}/u.test(ch)) return "lower";
  if (/\p{Nd}/u.test(ch)) return "digit";
  return "symbol";
}

/** The kinds of characters a password uses. */
export function passwordClasses(password: string): Set<PasswordClass> {
  const kinds = new Set<PasswordClass>();
  for (const ch of password) kinds.add(passwordClassOf(ch));
  return kinds;
}

/** A rule of the policy: the length (minLength to PASSWORD_MAX_LENGTH) and the kinds of characters. */
export type PasswordRule = "length" | "classes";

/** The rules of `policy` that `password` breaks; empty: it is acceptable. Lengths count characters, not bytes. */
export function passwordProblems(policy: PasswordPolicy, password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.minLength || length > PASSWORD_MAX_LENGTH) problems.push("length");
  if (passwordClasses(password).size < policy.classes) problems.push("classes");
  return problems;
}

/**
 * The policy as statements to put in words (each a message key suffix and its
 * values): the server says them as `user.passwordPolicy`, the console as
 * `user.policy.<rule>` under every password field.
 */
export function describePasswordPolicy(
  policy: PasswordPolicy,
): Array<{ rule: PasswordRule | "expiry" | "noExpiry"; values: Record<string, number> }> {
  return [
    { rule: "length", values: { min: policy.minLength, max: PASSWORD_MAX_LENGTH } },
    { rule: "classes", values: { classes: policy.classes, kinds: PASSWORD_CLASSES.length } },
    policy.expiryDays > 0
      ? { rule: "expiry", values: { days: policy.expiryDays } }
      : { rule: "noExpiry", values: {} },
  ];
}

/** The values of the server's `user.passwordPolicy` message. */
export const passwordPolicyValues = (policy: PasswordPolicy) => ({
  min: policy.minLength,
  max: PASSWORD_MAX_LENGTH,
  classes: policy.classes,
});

const DAY_MS = 86_400_000;

/** Whether a password set at `changedAt` has outlived the policy's expiryDays at `now` (0: never). */
export function passwordExpired(policy: PasswordPolicy, changedAt: Date, now: Date): boolean {
  return policy.expiryDays > 0 && now.getTime() - changedAt.getTime() >= policy.expiryDays * DAY_MS;
}

/* ------------------------------------------------------------------ */
/* User management (/a/api/user/*). */

/** Login names: letters, digits and . _ @ -, 2 to 64 of them; unique whatever their case. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;
const newUsername = z.string().trim().min(2).max(64).regex(USERNAME_PATTERN, "user.usernameFormat");
const personName = z.string().trim().min(1).max(64);
// The address first: a malformed one is told "must be a mail address", not "must be empty".
const mail = z.union([z.email().max(254), z.literal("")]).transform((v) => (v === "" ? null : v));
export const PHONE_PATTERN = /^[+\d][\d\s-]{3,31}$/;
const phone = optionalText(32).refine((v) => v === null || PHONE_PATTERN.test(v), "validation.format");
/** A password as the console sends it (RSA-encrypted hex while landing encryption is on). */
const passwordInput = z.string().min(1).max(1024);

/** A list of ids that may be empty: a comma list ("" for none) or an array. */
const zIdsOrNone = z
  .union([z.string().max(10_000), z.array(z.union([z.string(), z.number()])).max(1000)])
  .transform((v, ctx) => {
    if (v === "") return [];
    const ids = (Array.isArray(v) ? v.map(String) : v.split(",")).map((s) => Number(s.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: "custom", message: "validation.format" });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** GET usereList (sic): one page of the users in range. */
export const UserListQuery = Paging.extend({
  /** This institution and everything below it. */
  officeId: zId.optional(),
  /** Part of the user name, name, mail or phone. */
  keyword: z.string().trim().max(100).optional(),
  enabled: zBool.optional(),
  roleId: zId.optional(),
}).strict();

export const UserRoleRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
export const UserRow = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  officeId: z.number(),
  officeName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  remarks: z.string().nullable(),
  roles: z.array(UserRoleRef),
  dataRange: z.enum(DATA_RANGES),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  mustChangePassword: z.boolean(),
  passwordExpired: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;
export const UserListResponse = pageOf(UserRow);

/**
 * POST save: create (no id) or edit. On an edit a field left out stays as it
 * is; "" clears the mail, phone or remarks. A new user needs username, name,
 * officeId and password, and must change that password at the first sign-in.
 */
export const UserSaveBody = z.strictObject({
  id: zId.optional(),
  username: newUsername.optional(),
  name: personName.optional(),
  officeId: zId.optional(),
  email: mail.optional(),
  phone: phone.optional(),
  enabled: zBool.optional(),
  remarks: optionalText(500).optional(),
  roleIds: zIdsOrNone.optional(),
  dataRange: z.enum(DATA_RANGES).optional(),
  dataOffices: zIdsOrNone.optional(),
  password: passwordInput.optional(),
});
export type UserSaveBody = z.input<typeof UserSaveBody>;
export const UserSaveResponse = Envelope.extend({ id: z.number() });

/** POST delete: users by id (a comma list or an array). */
export const UserDeleteBody = z.strictObject({ ids: zIdList });

/** GET rolesByUserId / roleListByUserId. */
export const UserIdQuery = z.strictObject({ userId: zId });
/** GET allRoleList: the roles the caller may give users of this institution (default: their own). */
export const AllRoleListQuery = z.strictObject({ officeId: zId.optional() });

/** A role as user management shows it; `checked`: the user holds it (roleListByUserId). */
export const AssignableRole = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  officeId: z.number(),
  builtIn: z.boolean(),
  allPermissions: z.boolean(),
  checked: z.boolean().optional(),
});
export type AssignableRole = z.infer<typeof AssignableRole>;
export const RoleOptionsResponse = Envelope.extend({ list: z.array(AssignableRole) });

/** GET ConfirmOldpwd: whether the caller's current password is this one (failures count like sign-ins). */
export const ConfirmOldPasswordQuery = z.strictObject({ oldPassword: passwordInput });
export const ConfirmOldPasswordResponse = Envelope.extend({ match: z.boolean() });

/** POST modifyPwd: an administrator sets another user's password (they must change it at sign-in). */
export const ModifyPwdBody = z.strictObject({ userId: zId, password: passwordInput });

/** POST pwdPastDueModify: the new password of an expired (or administrator-set) one, without a session. */
export const PwdPastDueModifyBody = z.strictObject({
  username: z.string().trim().min(1).max(64),
  oldPassword: passwordInput,
  newPassword: passwordInput,
  validateCode: z.string().trim().max(16).optional().default(""),
});

/** Exactly one of a mail address and a phone number. */
const oneAddress = (b: { email?: string | undefined; phone?: string | null | undefined }) =>
  (b.email === undefined) !== (b.phone === undefined || b.phone === null);
const addressFields = { email: z.email().max(254).optional(), phone: phone.optional() };

/**
 * POST checkPhoneOrEmail: whether an address cannot be used for `userId` (default: the caller)
 * because another user has it. One answer for every such user, in whatever tenant: `taken` and
 * the message user.addressUnusable, never whose it is.
 */
export const CheckPhoneOrEmailBody = z
  .strictObject({ ...addressFields, userId: zId.optional() })
  .refine(oneAddress, { message: "user.mailOrPhone", path: ["email"] });
export const CheckPhoneOrEmailResponse = Envelope.extend({ taken: z.boolean() });
/** How many addresses one user may check a minute (beyond it: 429). */
export const ADDRESS_CHECKS_PER_MINUTE = 30;

/** POST sendVerificationCode: a code to the caller's own mail address, or to `email` (a new one). */
export const SendVerificationCodeBody = z.strictObject(addressFields);
/** POST sendVerificationCodeNotHaveToRegister: a code to an address no user has yet. */
export const SendCodeToNewAddressBody = z
  .strictObject(addressFields)
  .refine(oneAddress, { message: "user.mailOrPhone", path: ["email"] });
/** POST checkVerificationCode: whether the code mailed to `email` is right (a right one is used up). */
export const CheckVerificationCodeBody = z.strictObject({
  email: z.email().max(254),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "validation.format"),
});
export const CheckVerificationCodeResponse = Envelope.extend({ valid: z.boolean() });
