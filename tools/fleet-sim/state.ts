import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** What a simulated screen keeps across restarts, like a real one keeps it in its storage. */
export const Credentials = z.object({ terminalId: z.number(), token: z.string(), enrolCode: z.string() });
export type Credentials = z.infer<typeof Credentials>;

const StateFile = z.object({
  server: z.string(),
  devices: z.record(z.string(), Credentials),
});

/**
 * The fleet's tokens by device id, optionally persisted to a JSON file so a
 * restarted simulator reuses its terminals instead of enrolling new ones. The
 * file is per server: tokens saved for another server are not used.
 */
export class CredentialStore {
  private readonly devices = new Map<string, Credentials>();
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly server: string,
    private readonly file: string | null,
  ) {
    if (!file || !existsSync(file)) return;
    const parsed = StateFile.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not a fleet-sim state file: ${parsed.error.message}`);
    if (parsed.data.server !== server) return;
    for (const [id, c] of Object.entries(parsed.data.devices)) this.devices.set(id, c);
  }

  /** How many devices the file brought back. */
  get size(): number {
    return this.devices.size;
  }

  get(deviceId: string): Credentials | undefined {
    return this.devices.get(deviceId);
  }

  set(deviceId: string, credentials: Credentials): void {
    this.devices.set(deviceId, credentials);
    this.markDirty();
  }

  delete(deviceId: string): void {
    if (this.devices.delete(deviceId)) this.markDirty();
  }

  /** Writes the file now if anything changed (atomically: a temp file renamed over it). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.file || !this.dirty) return;
    this.dirty = false;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ server: this.server, devices: Object.fromEntries(this.devices) }));
    renameSync(tmp, this.file);
  }

  private markDirty(): void {
    this.dirty = true;
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => this.flush(), 1000);
    this.timer.unref();
  }
}
