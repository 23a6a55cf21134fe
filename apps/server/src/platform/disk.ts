import { statfs } from "node:fs/promises";
import path from "node:path";
import { formatSize } from "@marquee/contracts";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "./errors";
import { noticePlatformOnce } from "./notify";
import type { Services } from "./services";

/**
 * Whether an error says the disk is full: the OS's ENOSPC (or a quota's EDQUOT), anywhere in its cause
 * chain, or PostgreSQL's disk_full (SQLSTATE 53100) when the database shares the data disk.
 */
export function isDiskFull(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "ENOSPC" || code === "EDQUOT" || code === "53100") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
  /** Free space is under twice the reserve, or under 5 % of the disk: time to act. */
  low: boolean;
}

/**
 * The disk of the data directory: media, uploads in progress and (embedded) the database share it. New
 * bytes are refused with 507 when they would leave less than the reserve, so the database and the
 * uploads already running keep room to finish.
 */
export class DataDisk {
  constructor(
    private readonly dir: string,
    readonly reserveBytes: number,
  ) {}

  async space(): Promise<DiskSpace> {
    let s: Awaited<ReturnType<typeof statfs>>;
    try {
      s = await statfs(this.dir);
    } catch {
      s = await statfs(path.dirname(this.dir)); // not made yet: the disk it will be on
    }
    const freeBytes = Number(s.bavail) * Number(s.bsize);
    const totalBytes = Number(s.blocks) * Number(s.bsize);
    return { freeBytes, totalBytes, low: freeBytes < Math.max(2 * this.reserveBytes, totalBytes * 0.05) };
  }

  /** Refuses (507, "storage full") `bytes` more when they would leave less than the reserve. */
  async ensureRoom(bytes: number): Promise<void> {
    const { freeBytes } = await this.space();
    if (freeBytes - bytes < this.reserveBytes)
      throw new AppError(507, "common.storageFull", {
        free: formatSize(Math.max(0, freeBytes - this.reserveBytes)),
      });
  }
}

/** A low disk is told to the platform's administrators at most this often. */
const LOW_NOTICE_EVERY_MS = 24 * 3_600_000;

/**
 * Checks the data disk (every minute, see app.ts): when it runs low, a warning in the log every time, and
 * a notice to the platform's administrators (the enabled users of the top office) at most once a day,
 * whichever server process finds it first.
 */
export async function watchDisk(services: Services, log: FastifyBaseLogger): Promise<DiskSpace> {
  const space = await services.disk.space();
  if (!space.low) return space;
  const free = formatSize(space.freeBytes);
  const total = formatSize(space.totalBytes);
  log.warn({ freeBytes: space.freeBytes, totalBytes: space.totalBytes }, "the data disk is running low");
  await noticePlatformOnce(services.db, "system.diskLow", { free, total }, LOW_NOTICE_EVERY_MS);
  return space;
}
