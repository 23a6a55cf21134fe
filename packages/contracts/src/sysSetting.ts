import { isTimeZone } from "@marquee/schedule";
import { DEFAULT_HEARTBEAT_SEC } from "@marquee/terminal-protocol";
import { z } from "zod";
import { AlarmRules, DEFAULT_ALARM_RULES } from "./alarm";
import { Envelope, zBool } from "./common";
import { CAPTCHA_AFTER_FAILURES, UPLOAD_LIMIT_DEFAULT_STATE, UPLOAD_LIMIT_OFF_MB } from "./constants";
import {
  BankTransfer,
  DEFAULT_BANK_TRANSFER,
  DEFAULT_STRIPE_SETTING,
  PaymentSwitchOpenTime,
  StripeSetting,
} from "./pay";
import type { Permission } from "./permissions";
import { RATES_PROVIDERS, WEATHER_PROVIDERS } from "./program";

/** Outgoing mail server for second-factor codes and notices. */
export const SmtpSetting = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean().default(false),
  username: z.string().max(254).default(""),
  password: z.string().max(512).default(""),
  from: z.string().trim().min(3).max(254),
});
export type SmtpSetting = z.infer<typeof SmtpSetting>;

/**
 * The password policy (spec §5 leaves it to us): length, how many character
 * classes (lower, upper, digit, symbol) and how many days a password lives
 * (0: for ever). Stated in every form that sets a password.
 */
export const PasswordPolicy = z.strictObject({
  minLength: z.number().int().min(6).max(64),
  classes: z.number().int().min(1).max(4),
  expiryDays: z.number().int().min(0).max(3650),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, classes: 2, expiryDays: 0 };

/** Contact information of the customer centre (callCenter), shown to every tenant. */
export const CallCenter = z.strictObject({
  phone: z.string().trim().max(64).default(""),
  email: z.string().trim().max(254).default(""),
  hours: z.string().trim().max(200).default(""),
  address: z.string().trim().max(500).default(""),
  notes: z.string().max(5000).default(""),
});
export type CallCenter = z.infer<typeof CallCenter>;

/**
 * Whose a setting is (one rule for every reader and writer, see tenantMayReadSetting):
 * - platform: the installation's own infrastructure (mail server, feeds, payment
 *   accounts, terminal and sign-in mechanics), read and written only by the
 *   platform's own users;
 * - shared: set by the platform, read by every signed-in user because every
 *   console needs it (upload limits, review, time zone, password policy, map tiles);
 * - tenant: each agent and customer keeps its own value (tenant_settings); one
 *   without reads the value of the nearest tenant above it that has one, and at
 *   the top the platform's.
 */
export const SETTING_SCOPES = ["platform", "shared", "tenant"] as const;
export type SettingScope = (typeof SETTING_SCOPES)[number];

interface SettingDefinition<T extends z.ZodType> {
  schema: T;
  default: z.infer<T>;
  /** public: any signed-in user reads it with getKey; secret: only with sys:setting:view, secrets masked. */
  visibility: "public" | "secret";
  scope: SettingScope;
  /** A tenant key: the tenant-holdable permission that writes it (other keys: sys:setting:edit). */
  permission?: Permission;
}
const define = <T extends z.ZodType>(d: SettingDefinition<T>) => d;

/** The address of a feed provider (weather, rates): http or https. */
const providerUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, "program.urlInvalid");
/** A file on the server that a "file" provider reads; kept from users without sys:setting:view. */
const serverFile = z.string().trim().max(1000);

/** Every setting key with its type and default (spec §3 "Settings read by key", §9). */
export const SETTINGS = {
  capacitySetting: define({
    schema: z.enum(["true", "false"]),
    default: "false",
    visibility: "public",
    scope: "shared",
  }),
  uploadLimitOpen: define({ schema: z.boolean(), default: false, visibility: "public", scope: "shared" }),
  uploadLimitSize: define({
    schema: z.number().int().min(1).max(UPLOAD_LIMIT_OFF_MB),
    default: UPLOAD_LIMIT_DEFAULT_STATE,
    visibility: "public",
    scope: "shared",
  }),
  audit: define({ schema: z.boolean(), default: false, visibility: "public", scope: "shared" }),
  terminalAuthorizationFreeAccessManage: define({
    schema: z.boolean(),
    default: false,
    visibility: "public",
    scope: "platform",
  }),
  /** Seconds between a terminal's heartbeats; one that misses two is offline. */
  terminalHeartbeatSec: define({
    schema: z.number().int().min(5).max(3600),
    default: DEFAULT_HEARTBEAT_SEC,
    visibility: "public",
    scope: "platform",
  }),
  /** Time zone of terminals that neither an operator nor the device named (plans' days and windows). */
  defaultTimezone: define({
    schema: z.string().min(1).max(64).refine(isTimeZone, "schedule.timezoneInvalid"),
    default: "UTC",
    visibility: "public",
    scope: "shared",
  }),
  landingEncryption: define({ schema: z.boolean(), default: true, visibility: "public", scope: "platform" }),
  /** Failed sign-ins before the captcha is asked for. */
  captchaThreshold: define({
    schema: z.number().int().min(1).max(20),
    default: CAPTCHA_AFTER_FAILURES,
    visibility: "public",
    scope: "platform",
  }),
  passwordPolicy: define({
    schema: PasswordPolicy,
    default: DEFAULT_PASSWORD_POLICY,
    visibility: "public",
    scope: "shared",
  }),
  /** Map tiles of the terminal map ({z}/{x}/{y}); empty: no tiles, markers on a blank map. */
  mapTileUrl: define({
    schema: z.union([z.literal(""), providerUrl]),
    default: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    visibility: "public",
    scope: "shared",
  }),
  mapAttribution: define({
    schema: z.string().max(300),
    default: "© OpenStreetMap contributors",
    visibility: "public",
    scope: "shared",
  }),
  /** Address suggestions for placing terminals (Nominatim-compatible search); empty: none. */
  mapSuggestUrl: define({
    schema: z.union([z.literal(""), providerUrl]),
    default: "https://nominatim.openstreetmap.org/search",
    visibility: "public",
    scope: "platform",
  }),
  callCenter: define({
    schema: CallCenter,
    default: CallCenter.parse({}),
    visibility: "public",
    scope: "shared",
  }),
  /** When alarms are raised (offline minutes, storage percent, which events) and whether users are told. */
  alarmRules: define({
    schema: AlarmRules,
    default: DEFAULT_ALARM_RULES,
    visibility: "public",
    scope: "tenant",
    permission: "terminal:alarm:rules",
  }),
  /** Videos taller than this many lines are transcoded down (and any video that is not H.264/AAC MP4). */
  transcodeMaxHeight: define({
    schema: z.number().int().min(144).max(4320),
    default: 1080,
    visibility: "public",
    scope: "platform",
  }),
  smtp: define({ schema: SmtpSetting.nullable(), default: null, visibility: "secret", scope: "platform" }),
  /** Where the weather widget's figures come from: Open-Meteo, a JSON file on the server, or nowhere. */
  weatherProvider: define({
    schema: z.enum(WEATHER_PROVIDERS),
    default: "openMeteo",
    visibility: "public",
    scope: "platform",
  }),
  weatherUrl: define({
    schema: providerUrl,
    default: "https://api.open-meteo.com",
    visibility: "public",
    scope: "platform",
  }),
  weatherFile: define({ schema: serverFile, default: "", visibility: "secret", scope: "platform" }),
  /** Where the exchange-rate widget's rates come from: Frankfurter (ECB rates), a JSON file, or nowhere. */
  ratesProvider: define({
    schema: z.enum(RATES_PROVIDERS),
    default: "frankfurter",
    visibility: "public",
    scope: "platform",
  }),
  ratesUrl: define({
    schema: providerUrl,
    default: "https://api.frankfurter.app",
    visibility: "public",
    scope: "platform",
  }),
  ratesFile: define({ schema: serverFile, default: "", visibility: "secret", scope: "platform" }),
  /** From when buyers see paid services (ISO date-time); "": not open ("payment switch open time"). */
  paymentSwitchOpenTime: define({
    schema: PaymentSwitchOpenTime,
    default: "",
    visibility: "public",
    scope: "shared",
  }),
  /** The platform's account for bank transfers, shown to buyers of manual orders. */
  bankTransfer: define({
    schema: BankTransfer,
    default: DEFAULT_BANK_TRANSFER,
    visibility: "public",
    scope: "platform",
  }),
  /** The online provider (Stripe Checkout): keys and API address. */
  stripe: define({
    schema: StripeSetting,
    default: DEFAULT_STRIPE_SETTING,
    visibility: "secret",
    scope: "platform",
  }),
  // Signed webhooks (issue 23)
  /** Whether tenants' webhooks may reach loopback and private addresses (never link-local or metadata ones). */
  webhooksPrivateAddresses: define({
    schema: z.boolean(),
    default: false,
    visibility: "public",
    scope: "platform",
  }),
  // Single sign-on (issue 23): whether a tenant's provider may be reached over plain http on a loopback or
  // private address (a provider inside the company's network, the tests' local one); https otherwise.
  ssoAllowHttp: define({ schema: z.boolean(), default: false, visibility: "public", scope: "platform" }),
} as const;
export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]["schema"]>;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(v: string): v is SettingKey {
  return Object.hasOwn(SETTINGS, v);
}

/** The scope of a setting: platform, shared or tenant (see SETTING_SCOPES). */
export function settingScope(key: SettingKey): SettingScope {
  return SETTINGS[key].scope;
}

/** Whether a user of an agent or customer may read the setting: every key but the platform's own. */
export function tenantMayReadSetting(key: SettingKey): boolean {
  return settingScope(key) !== "platform";
}

/** Whether a user of an agent or customer may write the setting (their own tenant's value): tenant keys only. */
export function tenantMayWriteSetting(key: SettingKey): boolean {
  return settingScope(key) === "tenant";
}

/**
 * The permission that writes the setting: a tenant key names its own
 * tenant-holdable one (alarmRules: terminal:alarm:rules); platform and shared
 * keys need sys:setting:edit, which only the platform's users hold.
 */
export function settingWritePermission(key: SettingKey): Permission {
  const def: SettingDefinition<z.ZodType> = SETTINGS[key];
  return def.scope === "tenant" && def.permission ? def.permission : "sys:setting:edit";
}

/** Groups of the system settings screen, in the order it shows them. */
export const SETTING_GROUPS = [
  "uploads",
  "storage",
  "review",
  "terminals",
  "media",
  "security",
  "mail",
  "map",
  "feeds",
  "payment",
  "callCenter",
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** How the console edits a setting. */
export const SETTING_INPUTS = [
  "switch",
  "number",
  "select",
  "text",
  "url",
  "timezone",
  "passwordPolicy",
  "smtp",
  "callCenter",
  "alarmRules",
  "datetime",
  "bankTransfer",
  "stripe",
] as const;
export type SettingInput = (typeof SETTING_INPUTS)[number];

/** What the editor needs beyond the schema: where the field sits and how it reads. */
interface SettingEditor {
  group: SettingGroup;
  /** Only where the schema does not say it (a boolean is a switch, an integer a number, an enum a select). */
  input?: SettingInput;
  /** The unit shown after a number (a console key under system.settings.units). */
  unit?: "mb" | "seconds" | "lines" | "attempts";
  /** The setting only matters while another setting has this value (the console says so next to it). */
  activeWhen?: { key: SettingKey; equals: string | boolean };
  /** Edited on a screen of its own (the customer centre): shown here, not edited. */
  readOnly?: boolean;
}

/** Editor metadata of every key, in screen order within each group (typed: a new key needs its entry). */
export const SETTING_EDITORS: { readonly [K in SettingKey]: SettingEditor } = {
  uploadLimitOpen: { group: "uploads" },
  uploadLimitSize: {
    group: "uploads",
    unit: "mb",
    activeWhen: { key: "uploadLimitOpen", equals: true },
  },
  capacitySetting: { group: "storage", input: "switch" },
  audit: { group: "review" },
  terminalAuthorizationFreeAccessManage: { group: "terminals" },
  terminalHeartbeatSec: { group: "terminals", unit: "seconds" },
  defaultTimezone: { group: "terminals", input: "timezone" },
  alarmRules: { group: "terminals", input: "alarmRules" },
  transcodeMaxHeight: { group: "media", unit: "lines" },
  landingEncryption: { group: "security" },
  captchaThreshold: { group: "security", unit: "attempts" },
  passwordPolicy: { group: "security", input: "passwordPolicy" },
  smtp: { group: "mail", input: "smtp" },
  mapTileUrl: { group: "map", input: "url" },
  mapAttribution: { group: "map" },
  mapSuggestUrl: { group: "map", input: "url" },
  weatherProvider: { group: "feeds" },
  weatherUrl: { group: "feeds", input: "url", activeWhen: { key: "weatherProvider", equals: "openMeteo" } },
  weatherFile: { group: "feeds", activeWhen: { key: "weatherProvider", equals: "file" } },
  ratesProvider: { group: "feeds" },
  ratesUrl: { group: "feeds", input: "url", activeWhen: { key: "ratesProvider", equals: "frankfurter" } },
  ratesFile: { group: "feeds", activeWhen: { key: "ratesProvider", equals: "file" } },
  callCenter: { group: "callCenter", input: "callCenter", readOnly: true },
  paymentSwitchOpenTime: { group: "payment", input: "datetime" },
  bankTransfer: { group: "payment", input: "bankTransfer" },
  stripe: { group: "payment", input: "stripe" },
  // Signed webhooks (issue 23)
  webhooksPrivateAddresses: { group: "security" },
  // Single sign-on (issue 23).
  ssoAllowHttp: { group: "security" },
};

/** The definition of one setting as `getKey?debugTypes=1` answers it: what the typed editor is built from. */
export const SettingType = z.object({
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  input: z.enum(SETTING_INPUTS),
  /** Position on the screen (groups in SETTING_GROUPS order, keys in SETTING_EDITORS order). */
  order: z.number(),
  visibility: z.enum(["public", "secret"]),
  /** Whose the setting is: the platform's own, shared by every console, or kept by each tenant. */
  scope: z.enum(SETTING_SCOPES),
  /** The permission that saves it (sys:setting:edit, or a tenant key's own). */
  writePermission: z.string(),
  default: z.unknown(),
  /** The JSON Schema of the value, generated from the zod schema saveKey checks. */
  schema: z.record(z.string(), z.unknown()),
  /** The values of a select (their labels: system.settings.options.<key>.<value> in the console). */
  options: z.array(z.string()).optional(),
  unit: z.string().optional(),
  activeWhen: z.object({ key: z.string(), equals: z.union([z.string(), z.boolean()]) }).optional(),
  readOnly: z.boolean(),
  /** Console i18n keys of the label and the help text. */
  label: z.string(),
  help: z.string(),
});
export type SettingType = z.infer<typeof SettingType>;

type JsonSchema = { type?: unknown; enum?: unknown[]; anyOf?: JsonSchema[]; [k: string]: unknown };

function inputOf(key: SettingKey, schema: JsonSchema): SettingInput {
  const explicit = SETTING_EDITORS[key].input;
  if (explicit) return explicit;
  if (schema.type === "boolean") return "switch";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "string" && schema.enum) return "select";
  return "text";
}

const typeCache = new Map<SettingKey, SettingType>();

/** The definition of `key`, derived from its zod schema, default and editor metadata (kept once built). */
export function settingType(key: SettingKey): SettingType {
  const hit = typeCache.get(key);
  if (hit) return hit;
  const def = SETTINGS[key];
  const editor: SettingEditor = SETTING_EDITORS[key];
  const { $schema: _drop, ...schema } = z.toJSONSchema(def.schema as z.ZodType, {
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  const input = inputOf(key, schema);
  const type: SettingType = {
    key,
    group: editor.group,
    input,
    order: SETTING_GROUPS.indexOf(editor.group) * 1000 + Object.keys(SETTING_EDITORS).indexOf(key),
    visibility: def.visibility,
    scope: def.scope,
    writePermission: settingWritePermission(key),
    default: def.default,
    schema,
    ...(input === "select" && Array.isArray(schema.enum) ? { options: schema.enum.map(String) } : {}),
    ...(editor.unit ? { unit: editor.unit } : {}),
    ...(editor.activeWhen ? { activeWhen: editor.activeWhen } : {}),
    readOnly: editor.readOnly === true,
    label: `system.settings.keys.${key}.label`,
    help: `system.settings.keys.${key}.help`,
  };
  typeCache.set(key, type);
  return type;
}

/**
 * GET sysSetting/getKey: `key` or `keyList` (comma list or array); `debugTypes` adds their
 * definitions (every key the caller may read when none is named). Outside the platform, a
 * platform key is refused (403) and tenant keys answer the caller's tenant's value.
 */
export const GetKeyQuery = z
  .strictObject({
    key: z.string().max(100).optional(),
    keyList: z.union([z.string().max(2000), z.array(z.string().max(100)).max(50)]).optional(),
    debugTypes: zBool.optional(),
  })
  .refine((q) => q.key !== undefined || q.keyList !== undefined || q.debugTypes === true, {
    message: "validation.required",
    path: ["key"],
  });

export const GetKeyResponse = Envelope.extend({
  jsonObject: z.record(z.string(), z.unknown()),
  /** With debugTypes: the definition of every key answered. */
  types: z.record(z.string(), SettingType).optional(),
});

/** GET sysSetting/isSupportApiServer: whether this server documents its HTTP API for integrations. */
export const ApiServerSupportResponse = Envelope.extend({
  support: z.boolean(),
  /** The interactive API documentation (Swagger UI), when served. */
  docs: z.string().nullable(),
  /** The OpenAPI document itself. */
  openapi: z.string().nullable(),
  version: z.string(),
});

/** POST sysSetting/testMail: a test through the saved SMTP server, to the caller's address unless `to` names one. */
export const TestMailBody = z.strictObject({
  to: z.union([z.literal(""), z.email().max(254)]).optional(),
});
export const TestMailResponse = Envelope.extend({ to: z.string() });

/**
 * POST sysSetting/saveKey: one setting; `value` is JSON text when form-encoded. A platform
 * user writes the platform's value; an agent's or customer's user writes its own tenant's
 * value of a tenant key (settingWritePermission says which permission each key needs).
 */
export const SaveKeyBody = z.strictObject({ key: z.string().max(100), value: z.unknown() });

/** An announcement (spec §3): times in epoch seconds, `colseTipOn` 1 means enabled. */
export const Announcement = z.object({
  announcemenStartTime: z.number().int().min(0).nullable(),
  announcemenEndTime: z.number().int().min(0).nullable(),
  colseTipOn: z.union([z.literal(0), z.literal(1)]),
  announcementTitleCh: z.string().max(200),
  announcementTitleEn: z.string().max(200),
  announcementContentCh: z.string().max(5000),
  announcementContentEn: z.string().max(5000),
});
export type Announcement = z.infer<typeof Announcement>;

export const EMPTY_ANNOUNCEMENT: Announcement = {
  announcemenStartTime: null,
  announcemenEndTime: null,
  colseTipOn: 0,
  announcementTitleCh: "",
  announcementTitleEn: "",
  announcementContentCh: "",
  announcementContentEn: "",
};

/** GET sysSetting/announcement?getType=1: the announcement to show now (or the stored one for getType=0). */
export const AnnouncementQuery = z.strictObject({ getType: z.enum(["0", "1"]).default("1") });
export const AnnouncementResponse = Envelope.extend(Announcement.shape);

const epochSeconds = z
  .union([z.literal(""), z.coerce.number().int().min(0).max(32_503_680_000)])
  .transform((v) => (v === "" ? null : v))
  .nullable();

/** POST sysSetting/announcementManagerSave. */
export const AnnouncementSaveBody = z
  .strictObject({
    announcemenStartTime: epochSeconds,
    announcemenEndTime: epochSeconds,
    colseTipOn: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
    announcementTitleCh: z.string().trim().max(200).default(""),
    announcementTitleEn: z.string().trim().max(200).default(""),
    announcementContentCh: z.string().max(5000).default(""),
    announcementContentEn: z.string().max(5000).default(""),
  })
  .refine(
    (a) =>
      a.announcemenStartTime === null ||
      a.announcemenEndTime === null ||
      a.announcemenStartTime < a.announcemenEndTime,
    { message: "validation.invalid", path: ["announcemenEndTime"] },
  );
