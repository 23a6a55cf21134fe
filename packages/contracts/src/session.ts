import { z } from "zod";
import { Envelope } from "./common";
import { SsoLoginInfo } from "./sso";
import { DEFAULT_PASSWORD_POLICY, PasswordPolicy } from "./sysSetting";
import { passwordProblems } from "./user";

const username = z.string().trim().min(1).max(64);
/** An RSA-encrypted password is hex of 256 bytes; a plain one is at most 64 characters. */
const passwordInput = z.string().min(1).max(1024);

/** POST /a/login (spec §3 Login payload). */
export const LoginBody = z.strictObject({
  username,
  password: passwordInput,
  validateCode: z.string().trim().max(16).optional().default(""),
  verificationCode: z.string().trim().max(16).optional().default(""),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** POST /a/api/user/loginSendVerificationCode and GET /a/seniorValidation. */
export const SeniorValidationQuery = z.strictObject({ username });
export const LoginSendCodeBody = z.strictObject({ username, password: passwordInput });

/**
 * A new password under the default policy, for callers with no settings to
 * read (the admin:create command). The server checks every password it sets
 * against the configured `passwordPolicy` with passwordProblems.
 */
export const NewPassword = z
  .string()
  .refine((p) => passwordProblems(DEFAULT_PASSWORD_POLICY, p).length === 0, "user.passwordWeak");

/** POST /f/common/sysInit: the platform institution and the first administrator. */
export const SysInitBody = z.strictObject({
  officeName: z.string().trim().min(1).max(100),
  username,
  name: z.string().trim().min(1).max(64),
  password: passwordInput,
  email: z.email().max(254).optional(),
});
export type SysInitBody = z.infer<typeof SysInitBody>;

/** GET /f/common/getPublishKey (spec §3 Public key record, hex). */
export const PublishKeyResponse = Envelope.extend({
  landingEncryption: z.boolean(),
  publicKeyJson: z.object({ exponent: z.string(), modulus: z.string(), isLandingEncryption: z.boolean() }),
});

/**
 * POST /a/login. Right credentials whose password must change first answer HTTP 200 (not an
 * error in the browser's console) with code 400, no session and `passwordExpired: true`, its
 * reason and the policy the new password must meet: the console opens the change of password.
 */
export const LoginResponse = Envelope.extend({
  needCaptcha: z.boolean().optional(),
  needVerificationCode: z.boolean().optional(),
  user: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() }).optional(),
  passwordExpired: z.boolean().optional(),
  reason: z.enum(["expired", "reset"]).optional(),
  passwordPolicy: PasswordPolicy.optional(),
});

export const CheckLoginResponse = Envelope.extend({ isLogin: z.boolean() });
export const IsSysInitResponse = Envelope.extend({
  data: z.number(),
  /** Single sign-on of the host's tenant (issue 23): the button's label and whether passwords are offered. */
  sso: SsoLoginInfo.nullable().optional(),
});
/**
 * GET /f/health, for load balancers and supervisors: 200 with `ok`, `diskLow` or `noWorker` (the node still
 * serves; `noWorker`: no live process runs the jobs and periodic passes, as with web nodes alone), 503 with
 * `unavailable` while the database is out of reach; `disk` is null when its space is unknown; `workers`,
 * the live processes of role `all` or `worker`, null when the database is out of reach.
 */
export const HealthResponse = Envelope.extend({
  status: z.enum(["ok", "diskLow", "noWorker", "unavailable"]),
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number(), low: z.boolean() }).nullable(),
  workers: z.number().int().nullable(),
});
export type HealthStatus = z.infer<typeof HealthResponse>["status"];
/**
 * GET /a/seniorValidation: whether the sign-in form needs the captcha. Asked before any password,
 * it tells nothing about the user: `needVerificationCode` is always false (the sign-in answers
 * `needVerificationCode: true` once the password is right).
 */
export const SeniorValidationResponse = Envelope.extend({
  needVerificationCode: z.boolean(),
  needCaptcha: z.boolean(),
});
