import type { Manifest } from "@marquee/terminal-protocol";
import { successEnvelope } from "../platform/envelope";

/** How long one serialised manifest is served (its `generatedAt` is when it was built). */
const BODY_MS = 60_000;
/** The most serialised manifests kept; beyond, the oldest go. */
const MAX_BODIES = 2000;
const CLOSING_BRACE = Buffer.from("}");

interface Body {
  /** `{"code":0,"msg":…,"version":` (or `{"version":` for the manifest alone), as UTF-8. */
  head: Buffer;
  /** `,"timezone":…}`: everything after the terminal's name, as UTF-8. */
  tail: Buffer;
  /** The tail and the `}` that closes a frame carrying the manifest (ManifestParts.frameTail). */
  frameTail: Buffer;
  at: number;
}

/**
 * A manifest as JSON in two pieces, so a socket sends it without copying the shared part per screen: the
 * screen's own start (up to its name) and everything after, shared by every screen of its body.
 */
export interface ManifestParts {
  /** `{"version":`, shared. */
  head: Buffer;
  /** `…,"terminalId":…,"terminalName":…`: this screen's own. */
  own: Buffer;
  /** The rest of the manifest, then the `}` closing the frame that carries it: shared, never copied. */
  frameTail: Buffer;
  /** The manifest's length in bytes (head + own + tail, without the frame's `}`). */
  length: number;
}

/**
 * Serialised manifest answers (the envelope and the manifest as JSON, as
 * UTF-8 bytes), built once and shared by every screen whose manifest differs
 * from it only by its version, id and name (ManifestService.sharedKey: a hash
 * of everything else); those three are put between the two stored halves. A
 * fleet told of a publication at once has one key per time zone, settings
 * and play-now, not one per screen. Keyed by the terminal's office too, so
 * two tenants never share an answer even if their keys met, and by the
 * envelope's message (the caller's language), or as the manifest alone (a
 * `sync` frame's).
 */
export class ManifestBodies {
  private readonly bodies = new Map<string, Body>();

  /**
   * The JSON answer for this manifest, with `msg` as the envelope's success message; `shared` is the
   * manifest's shared key (without one, its version: a body of its own).
   */
  json(officeId: number, msg: string, manifest: Manifest, shared = manifest.version): Buffer {
    const { body, own } = this.parts(officeId, msg, manifest, shared);
    return Buffer.concat([body.head, own, body.tail]);
  }

  /** The manifest alone (no envelope), what a `sync` or a welcome carries, in its pieces (ManifestParts). */
  bareParts(officeId: number, manifest: Manifest, shared = manifest.version): ManifestParts {
    const { body, own } = this.parts(officeId, null, manifest, shared);
    return {
      head: body.head,
      own,
      frameTail: body.frameTail,
      length: body.head.length + own.length + body.tail.length,
    };
  }

  /** The stored body for (office, shared key, envelope message or none), made when missing or old, and this terminal's own fields. */
  private parts(
    officeId: number,
    msg: string | null,
    manifest: Manifest,
    shared: string,
  ): { body: Body; own: Buffer } {
    const key = `${officeId}|${shared}|${msg === null ? "" : `m:${msg}`}`;
    const now = Date.now();
    let body = this.bodies.get(key);
    if (!body || now - body.at > BODY_MS) {
      const { version: _v, terminalId: _id, terminalName: _name, ...rest } = manifest;
      const head = msg === null ? "{" : `${JSON.stringify(successEnvelope(msg, {})).slice(0, -1)},`;
      const tail = Buffer.from(Object.keys(rest).length ? `,${JSON.stringify(rest).slice(1)}` : "}");
      body = {
        head: Buffer.from(`${head}"version":`),
        tail,
        frameTail: Buffer.concat([tail, CLOSING_BRACE]),
        at: now,
      };
      this.bodies.delete(key);
      this.bodies.set(key, body);
      if (this.bodies.size > MAX_BODIES) {
        const oldest = this.bodies.keys().next().value;
        if (oldest !== undefined) this.bodies.delete(oldest);
      }
    }
    const own = Buffer.from(
      `${JSON.stringify(manifest.version)},"terminalId":${manifest.terminalId},"terminalName":${JSON.stringify(manifest.terminalName)}`,
    );
    return { body, own };
  }

  get size(): number {
    return this.bodies.size;
  }
}
