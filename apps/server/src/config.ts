import path from "node:path";
import { z } from "zod";
import { DEFAULT_PREPARE_THRESHOLD } from "./db/statement-names";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Every environment variable the server reads, with a default that serves one machine. */
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARE_THRESHOLD: z.coerce.number().int().min(0).max(1000).default(DEFAULT_PREPARE_THRESHOLD),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
  PUBLIC_ORIGIN: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_OPEN_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DISK_RESERVE_MB: z.coerce.number().int().min(0).default(256),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().int().min(1).default(72),
  MARQUEE_ADMIN_USERNAME: z.string().min(1).optional(),
  MARQUEE_ADMIN_PASSWORD: z.string().min(1).optional(),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, "a path ending in / (letters, digits, . _ -)")
    .default(""),
  MEDIA_PUBLIC_BASE_URL: z.string().url().optional(),
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(604_800).default(300),
  MARQUEE_ROLE: z.enum(["all", "web", "worker"], { message: "must be all, web or worker" }).default("all"),
  // Signed webhooks (issue 23): the pauses before each retry of a delivery, in seconds (the last repeats).
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "seconds separated by commas")
    .default("30,120,600,3600,10800,21600"),
  // How long a screen must stay offline before `terminal.offline` is sent (a shorter drop sends nothing).
  WEBHOOK_OFFLINE_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
});

/** The S3 bucket media are kept in (STORAGE=s3). */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Put before every key (e.g. "marquee/"); empty for none. */
  prefix: string;
  /** A CDN origin that replaces the signed URL's origin. */
  publicBaseUrl: string | undefined;
}

/** Where stored files live: the data directory, or a bucket. */
export type StorageConfig = ({ kind: "local" } | { kind: "s3"; s3: S3Config }) & {
  /** How long a signed media URL stays valid. */
  urlTtlSeconds: number;
};

/**
 * What a node of a cluster does. web: the API, console, player and terminal sockets (it still enqueues
 * jobs); worker: the job handlers and periodic passes, answering HTTP only for the health check; all: both.
 */
export type Role = "all" | "web" | "worker";
/** Whether a node of this role serves the API, console, player and terminal sockets. */
export const servesWeb = (role: Role) => role !== "worker";
/** Whether a node of this role runs the job handlers and the periodic passes. */
export const runsWork = (role: Role) => role !== "web";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize: number;
  /** Calls of one read before it becomes a named statement (0: none; for a pooler that cannot keep them). */
  prepareThreshold: number;
  logLevel: z.infer<typeof ConfigSchema>["LOG_LEVEL"];
  /** auto: readable lines on a terminal, JSON lines otherwise. */
  logFormat: z.infer<typeof ConfigSchema>["LOG_FORMAT"];
  publicOrigin: string | undefined;
  trustProxy: boolean;
  bodyLimit: number;
  openRateLimitPerMinute: number;
  shutdownTimeoutMs: number;
  /** Free space on the data disk that uploads and saves never take (507 "storage full" instead). */
  diskReserveBytes: number;
  /** Uploads untouched this long are forgotten, with their chunk files. */
  uploadExpiryMs: number;
  initialAdmin: { username: string; password: string } | undefined;
  storage: StorageConfig;
  role: Role;
  // Signed webhooks (issue 23)
  /** The pauses before each retry of a webhook delivery (the last repeats until 24 h passed). */
  webhookRetryMs: number[];
  /** How long a screen stays offline before `terminal.offline` is sent; back sooner, neither event is sent. */
  webhookOfflineGraceMs: number;
};

/** Reads the configuration from an environment (process.env by default); throws a readable error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  // Without both keys the SDK's own chain (an instance role, AWS_* variables) provides the credentials.
  const missingS3: string[] = [];
  if (!c.S3_BUCKET) missingS3.push("S3_BUCKET");
  if (!c.S3_REGION) missingS3.push("S3_REGION");
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    missingS3.push(c.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID");
  if (c.STORAGE === "s3" && missingS3.length)
    throw new Error(`Invalid configuration:\n  STORAGE=s3 needs ${missingS3.join(", ")}`);
  const storage: StorageConfig =
    c.STORAGE === "s3"
      ? {
          kind: "s3",
          urlTtlSeconds: c.MEDIA_URL_TTL_SECONDS,
          s3: {
            bucket: c.S3_BUCKET ?? "",
            region: c.S3_REGION ?? "",
            endpoint: c.S3_ENDPOINT,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            forcePathStyle: c.S3_FORCE_PATH_STYLE,
            prefix: c.S3_PREFIX,
            publicBaseUrl: c.MEDIA_PUBLIC_BASE_URL,
          },
        }
      : { kind: "local", urlTtlSeconds: c.MEDIA_URL_TTL_SECONDS };
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    poolSize: c.DATABASE_POOL_SIZE,
    prepareThreshold: c.DATABASE_PREPARE_THRESHOLD,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    publicOrigin: c.PUBLIC_ORIGIN,
    trustProxy: c.TRUST_PROXY,
    bodyLimit: c.BODY_LIMIT_BYTES,
    openRateLimitPerMinute: c.RATE_LIMIT_OPEN_PER_MINUTE,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    diskReserveBytes: c.DISK_RESERVE_MB * 1024 * 1024,
    uploadExpiryMs: c.UPLOAD_EXPIRY_HOURS * 3_600_000,
    initialAdmin:
      c.MARQUEE_ADMIN_USERNAME && c.MARQUEE_ADMIN_PASSWORD
        ? { username: c.MARQUEE_ADMIN_USERNAME, password: c.MARQUEE_ADMIN_PASSWORD }
        : undefined,
    storage,
    role: c.MARQUEE_ROLE,
    // Signed webhooks (issue 23)
    webhookRetryMs: c.WEBHOOK_RETRY_SECONDS.split(",").map((v) => Number(v) * 1000),
    webhookOfflineGraceMs: c.WEBHOOK_OFFLINE_GRACE_SECONDS * 1000,
  };
}
