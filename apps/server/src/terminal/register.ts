import type { RegisterBody } from "@marquee/terminal-protocol";
import { AppError, violates } from "../platform/errors";
import type { Services } from "../platform/services";
import type { TerminalHub } from "./hub";
import { enrolTerminals, platformOfficeId, type TerminalRow } from "./repo";
import { hashToken, newEnrolCode, newToken } from "./token";

type RegisterServices = Pick<Services, "db" | "clock" | "settings">;
type Values = Parameters<typeof enrolTerminals>[1][number];

/** The most registrations written in one statement. */
const BATCH = 200;
/** Attempts at a free enrolment code for one device. */
const ATTEMPTS = 8;

interface Waiting {
  body: RegisterBody;
  tokenHash: string;
  now: Date;
  resolve: (row: TerminalRow & { inserted: boolean }) => void;
  reject: (err: unknown) => void;
}

/**
 * Registrations arriving at the same moment, written together: one read of
 * the free-access setting and one INSERT … ON CONFLICT (device_id) DO UPDATE
 * for up to BATCH devices, instead of an update, two reads and an insert for
 * each. Each call keeps its own answer and its own checks (validation and the
 * per-address rate limit run before, per call). When an enrolment code of the
 * batch is taken, its devices are enrolled one by one with fresh codes.
 */
class Enrolments {
  private queue: Waiting[] = [];
  private scheduled = false;
  /** The platform office, once found (the root of the tree does not change). */
  private platformId: number | undefined;

  constructor(private readonly services: RegisterServices) {}

  enrol(body: RegisterBody, tokenHash: string, now: Date): Promise<TerminalRow & { inserted: boolean }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ body, tokenHash, now, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length) {
      // One statement cannot touch a row twice: a device twice in the queue waits for the next batch.
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      const devices = new Set<string>();
      for (const w of this.queue) {
        if (batch.length < BATCH && !devices.has(w.body.deviceId)) {
          devices.add(w.body.deviceId);
          batch.push(w);
        } else later.push(w);
      }
      this.queue = later;
      void this.write(batch);
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const { db, settings } = this.services;
      this.platformId ??= await platformOfficeId(db);
      const platformId = this.platformId;
      if (platformId === undefined) throw new AppError(409, "gateway.noPlatform");
      const free = await settings.get("terminalAuthorizationFreeAccessManage");
      const values = (w: Waiting): Values => ({
        officeId: platformId,
        name: w.body.name || `${w.body.model} ${w.body.deviceId.slice(0, 6)}`,
        deviceId: w.body.deviceId,
        tokenHash: w.tokenHash,
        enrolCode: newEnrolCode(),
        state: free ? "authorised" : "pending",
        authorisedAt: free ? w.now : null,
        createdAt: w.now,
        model: w.body.model,
        version: w.body.version,
        width: w.body.resolution.width,
        height: w.body.resolution.height,
        updatedAt: w.now,
      });
      let rows: Array<TerminalRow & { inserted: boolean }>;
      try {
        rows = await enrolTerminals(db, batch.map(values));
      } catch (err) {
        if (!violates(err, "terminals_enrol_uq")) throw err;
        // An enrolment code was taken: each device on its own, with fresh codes.
        await Promise.all(batch.map((w) => this.one(w, values)));
        return;
      }
      const byDevice = new Map(rows.map((r) => [r.deviceId, r]));
      for (const w of batch) {
        const row = byDevice.get(w.body.deviceId);
        if (row) w.resolve(row);
        else w.reject(new Error(`device ${w.body.deviceId} was not enrolled`));
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  private async one(w: Waiting, values: (w: Waiting) => Values): Promise<void> {
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        try {
          const [row] = await enrolTerminals(this.services.db, [values(w)]);
          if (row) return w.resolve(row);
        } catch (err) {
          if (!violates(err, "terminals_enrol_uq")) throw err;
        }
      }
      throw new Error(`no free enrolment code after ${ATTEMPTS} attempts`);
    } catch (err) {
      w.reject(err);
    }
  }
}

const enrolments = new WeakMap<TerminalHub, Enrolments>();

/**
 * Registers a screen (POST /t/register): a known device gets a new token (a
 * socket opened with the old one is closed, and the old token's cache entry
 * dropped); a new one waits in the platform office with a fresh enrolment
 * code, authorised at once when the free-access setting says so. Answers the
 * row, the token (shown once) and whether the device was known.
 */
export async function registerTerminal(
  services: RegisterServices,
  hub: TerminalHub,
  body: RegisterBody,
): Promise<{ row: TerminalRow; token: string; rotated: boolean }> {
  const token = newToken();
  let batcher = enrolments.get(hub);
  if (!batcher) {
    batcher = new Enrolments(services);
    enrolments.set(hub, batcher);
  }
  const { inserted, ...row } = await batcher.enrol(body, hashToken(token), services.clock.now());
  // A socket opened with the old token is closed (the token no longer exists).
  if (!inserted) await hub.notifyState(row.id);
  return { row, token, rotated: !inserted };
}
