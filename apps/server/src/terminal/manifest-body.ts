import type { Manifest } from "@marquee/terminal-protocol";
import { successEnvelope } from "../platform/envelope";

/** How long one serialised manifest is served (its `generatedAt` is when it was built). */
const BODY_MS = 60_000;
/** The most serialised manifests kept; beyond, the oldest go. */
const MAX_BODIES = 2000;

interface Body {
  /** `{"code":0,"msg":…,"version":…,"terminalId":` */
  head: string;
  /** `,"terminalName":…}`: everything after the terminal's id. */
  tail: string;
  at: number;
}

/**
 * Serialised manifest answers (the envelope and the manifest as JSON), built
 * once per version and shared by every screen that gets that version: a
 * version is a hash of everything in the manifest but the terminal's id (its
 * content, time zone, settings, play-now and name), and the terminal's id is
 * put between the two stored halves. Keyed by the terminal's office too, so
 * two tenants never share an answer even if their versions met, and by the
 * envelope's message (the caller's language).
 */
export class ManifestBodies {
  private readonly bodies = new Map<string, Body>();

  /** The JSON answer for this manifest, with `msg` as the envelope's success message. */
  json(officeId: number, msg: string, manifest: Manifest): string {
    const key = `${officeId}|${manifest.version}|${msg}`;
    const now = Date.now();
    let body = this.bodies.get(key);
    if (!body || now - body.at > BODY_MS) {
      const { version, terminalId: _id, ...rest } = manifest;
      const head = JSON.stringify(successEnvelope(msg, { version }));
      body = {
        head: `${head.slice(0, -1)},"terminalId":`,
        tail: `,${JSON.stringify(rest).slice(1)}`,
        at: now,
      };
      this.bodies.delete(key);
      this.bodies.set(key, body);
      if (this.bodies.size > MAX_BODIES) {
        const oldest = this.bodies.keys().next().value;
        if (oldest !== undefined) this.bodies.delete(oldest);
      }
    }
    return `${body.head}${manifest.terminalId}${body.tail}`;
  }

  get size(): number {
    return this.bodies.size;
  }
}
