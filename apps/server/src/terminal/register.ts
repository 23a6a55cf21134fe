import type { RegisterBody } from "@marquee/terminal-protocol";
import { type AuditRow, insertAuditRows } from "../platform/audit";
import { AppError, violates } from "../platform/errors";
import type { Services } from "../platform/services";
import type { TerminalHub } from "./hub";
import { type Enrolled, type Enrolment, enrolTerminals, platformOfficeId } from "./repo";
import { hashToken, newEnrolCode, newToken } from "./token";

type RegisterServices = Pick<Services, "db" | "clock" | "settings">;

/** The call's audit row for its enrolled terminal, written with the enrolment (none: the caller writes its own). */
export type RegistrationAudit = (row: Enrolled, rotated: boolean) => AuditRow;

/** The most registrations written in one statement. */
const BATCH = 200;
/** Batches written at once: the calls arriving meanwhile wait and form the next, larger batch. */
const WRITERS = 1;
/** Attempts at a free enrolment code for one device. */
const ATTEMPTS = 8;

/** What a registration waiting for its batch is answered. */
interface Written {
  row: Enrolled;
  auditId: number | null;
}

interface Waiting {
  body: RegisterBody;
  tokenHash: string;
  now: Date;
  audit: RegistrationAudit | undefined;
  resolve: (written: Written) => void;
  reject: (err: unknown) => void;
}

/**
 * Registrations arriving at the same moment, written together: one read of
 * the free-access setting and, in one transaction, one INSERT … ON CONFLICT
 * (device_id) DO UPDATE for up to BATCH devices and one insert of their
 * audit rows, instead of an insert, a pending audit row and its completion
 * for each. While a batch is being written the calls arriving meanwhile
 * wait, and are written together when it ends (the busier, the larger the
 * batches; a lone call is written at once). Each call keeps its own answer
 * and its own checks (validation
 * and the per-address rate limit run before, per call). When the batch
 * fails (an enrolment code of the batch taken, or one device's values
 * refused), its devices are enrolled one by one, so a failure is only its
 * own call's; a code taken is retried with fresh codes.
 */
class Enrolments {
  private queue: Waiting[] = [];
  private scheduled = false;
  /** Batches being written now. */
  private writing = 0;
  /** The platform office, once found (the root of the tree does not change). */
  private platformId: number | undefined;

  constructor(private readonly services: RegisterServices) {}

  enrol(
    body: RegisterBody,
    tokenHash: string,
    now: Date,
    audit: RegistrationAudit | undefined,
  ): Promise<Written> {
    return new Promise((resolve, reject) => {
      this.queue.push({ body, tokenHash, now, audit, resolve, reject });
      this.schedule();
    });
  }

  /** Flushes the queue once this turn's calls have arrived, unless a batch is being written (its end flushes). */
  private schedule(): void {
    if (this.scheduled || this.writing >= WRITERS || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length && this.writing < WRITERS) {
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
      this.writing++;
      void this.write(batch).finally(() => {
        this.writing--;
        this.schedule();
      });
    }
  }

  /** The enrolment's values for one waiting call, with a fresh enrolment code. */
  private async values(): Promise<(w: Waiting) => Enrolment> {
    const { db, settings } = this.services;
    this.platformId ??= await platformOfficeId(db);
    const platformId = this.platformId;
    if (platformId === undefined) throw new AppError(409, "gateway.noPlatform");
    const free = await settings.get("terminalAuthorizationFreeAccessManage");
    return (w) => ({
      officeId: platformId,
      name: w.body.name || `${w.body.model} ${w.body.deviceId.slice(0, 6)}`,
      deviceId: w.body.deviceId,
      tokenHash: w.tokenHash,
      enrolCode: newEnrolCode(),
      state: free ? "authorised" : "pending",
      authorisedAt: free ? w.now : null,
      model: w.body.model,
      version: w.body.version,
      width: w.body.resolution.width,
      height: w.body.resolution.height,
      now: w.now,
    });
  }

  /** Enrols the batch and writes its audit rows in one transaction; answers each call's row and audit id. */
  private async transaction(
    batch: Waiting[],
    values: (w: Waiting) => Enrolment,
  ): Promise<Map<Waiting, Written>> {
    return this.services.db.transaction(async (tx) => {
      const rows = await enrolTerminals(tx, batch.map(values));
      const byDevice = new Map(rows.map((r) => [r.deviceId, r]));
      const written = new Map<Waiting, Written>();
      const audited: Waiting[] = [];
      const auditRows: AuditRow[] = [];
      for (const w of batch) {
        const row = byDevice.get(w.body.deviceId);
        if (!row) throw new Error(`device ${w.body.deviceId} was not enrolled`);
        written.set(w, { row, auditId: null });
        if (w.audit) {
          audited.push(w);
          auditRows.push(w.audit(row, !row.inserted));
        }
      }
      const ids = await insertAuditRows(tx, auditRows);
      for (const [i, w] of audited.entries()) {
        const entry = written.get(w);
        if (entry) entry.auditId = ids[i] ?? null;
      }
      return written;
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    let values: (w: Waiting) => Enrolment;
    try {
      values = await this.values();
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    if (batch.length === 1) return this.one(batch[0] as Waiting, values);
    let written: Map<Waiting, Written>;
    try {
      written = await this.transaction(batch, values);
    } catch {
      // A code taken, or one device's values refused: each device on its own, so only that call fails.
      await Promise.all(batch.map((w) => this.one(w, values)));
      return;
    }
    for (const w of batch) {
      const entry = written.get(w);
      if (entry) w.resolve(entry);
      else w.reject(new Error(`device ${w.body.deviceId} was not enrolled`));
    }
  }

  /** One device alone, with a fresh enrolment code while its code is taken. */
  private async one(w: Waiting, values: (w: Waiting) => Enrolment): Promise<void> {
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        try {
          const written = (await this.transaction([w], values)).get(w);
          if (written) return w.resolve(written);
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
 * row, the token (shown once) and whether the device was known; with
 * `audit`, the call's audit row is written in the enrolment's transaction
 * and its id answered.
 */
export async function registerTerminal(
  services: RegisterServices,
  hub: TerminalHub,
  body: RegisterBody,
  audit?: RegistrationAudit,
): Promise<{ row: Enrolled; token: string; rotated: boolean; auditId: number | null }> {
  const token = newToken();
  let batcher = enrolments.get(hub);
  if (!batcher) {
    batcher = new Enrolments(services);
    enrolments.set(hub, batcher);
  }
  const { row, auditId } = await batcher.enrol(body, hashToken(token), services.clock.now(), audit);
  // A socket opened with the old token is closed (the token no longer exists).
  if (!row.inserted) await hub.notifyState(row.id);
  return { row, token, rotated: !row.inserted, auditId };
}
