import { createHash } from "node:crypto";
import { materialIdsOf, type ProgramDoc } from "@marquee/program";
import type { Manifest, ManifestMedia } from "@marquee/terminal-protocol";
import { and, eq, inArray, like } from "drizzle-orm";
import { materials, offices, programs } from "../db/schema";
import { tenantOf } from "../modules/material/repo";
import type { Services } from "../platform/services";

/** The part of a terminal the manifest depends on. */
export interface ManifestSubject {
  id: number;
  officeId: number;
  state: "pending" | "authorised" | "disabled";
  programIds: number[];
}

type Content = Omit<Manifest, "terminalId" | "generatedAt">;

/** How long a computed manifest is reused for terminals of the same office and programs (a fleet reconnecting at once). */
const CACHE_MS = 5000;

/**
 * What a terminal plays until play plans exist: the programs chosen for it
 * (terminals.program_ids, in order) that are still in its tenant and
 * playable, with every medium their documents use.
 *
 * Playable: approved or published while review (`audit`) is on; any state
 * but pending while it is off (a draft may be shown on screens when nobody
 * reviews). Media are the tenant's materials only; a file's hash is its
 * current MD5, which after a transcode is the MP4's. Web pages and streams
 * carry their address and an empty hash (there is no file to fetch).
 */
export class ManifestService {
  private cache = new Map<string, { at: number; content: Promise<Content> }>();

  constructor(private readonly services: Services) {}

  /** Forgets computed manifests (programs were assigned or changed). */
  invalidate(): void {
    this.cache.clear();
  }

  /** The manifest of an authorised terminal; null for a pending or disabled one. */
  async forTerminal(t: ManifestSubject): Promise<Manifest | null> {
    if (t.state !== "authorised") return null;
    const key = `${t.officeId}|${t.programIds.join(",")}`;
    const now = Date.now();
    let hit = this.cache.get(key);
    if (!hit || now - hit.at > CACHE_MS) {
      hit = { at: now, content: this.compute(t.officeId, t.programIds) };
      this.cache.set(key, hit);
      // A failed computation is not kept.
      hit.content.catch(() => this.cache.delete(key));
      if (this.cache.size > 1000) this.evict(now);
    }
    const content = await hit.content;
    return { ...content, terminalId: t.id, generatedAt: this.services.clock.now().toISOString() };
  }

  private evict(now: number): void {
    for (const [k, v] of this.cache) if (now - v.at > CACHE_MS) this.cache.delete(k);
  }

  private async compute(officeId: number, programIds: number[]): Promise<Content> {
    const { db, settings } = this.services;
    const tenant = await tenantOf(this.services, officeId);
    const inTenant = like(offices.path, `${tenant.path}%`);
    const rows = programIds.length
      ? await db
          .select({
            id: programs.id,
            name: programs.name,
            version: programs.version,
            state: programs.state,
            doc: programs.doc,
          })
          .from(programs)
          .innerJoin(offices, eq(offices.id, programs.officeId))
          .where(and(inArray(programs.id, programIds), inTenant))
      : [];
    const audit = await settings.get("audit");
    const playable = (state: string) =>
      audit ? state === "approved" || state === "published" : state !== "pending";
    const byId = new Map(rows.filter((r) => playable(r.state)).map((r) => [r.id, r]));
    const chosen = programIds.flatMap((id) => {
      const r = byId.get(id);
      return r ? [r] : [];
    });
    const materialIds = new Set<number>();
    for (const p of chosen) for (const id of mediaOf(p.doc)) materialIds.add(id);
    const found = materialIds.size
      ? await db
          .select({
            id: materials.id,
            name: materials.name,
            type: materials.type,
            md5: materials.md5,
            size: materials.size,
            mime: materials.mime,
            url: materials.url,
            width: materials.width,
            height: materials.height,
            durationMs: materials.durationMs,
          })
          .from(materials)
          .innerJoin(offices, eq(offices.id, materials.officeId))
          .where(and(inArray(materials.id, [...materialIds]), inTenant))
      : [];
    const media: ManifestMedia[] = found
      .sort((a, b) => a.id - b.id)
      .map((m) => ({
        hash: m.md5 ?? "",
        size: m.md5 ? m.size : 0,
        mime: m.mime,
        materialId: m.id,
        type: m.type,
        name: m.name,
        url: m.md5 ? null : m.url,
        width: m.width,
        height: m.height,
        durationMs: m.durationMs,
      }));
    const list = chosen.map((p) => ({ id: p.id, name: p.name, version: p.version, doc: p.doc }));
    const version = createHash("sha256")
      .update(JSON.stringify({ p: list.map((p) => [p.id, p.version, p.name]), m: media }))
      .digest("hex")
      .slice(0, 32);
    return { version, timezone: "UTC", programs: list, media, schedule: [], messages: [], publications: [] };
  }
}

/** Materials a stored document uses (documents are validated on save; one that no longer reads uses none). */
function mediaOf(doc: unknown): number[] {
  try {
    return materialIdsOf(doc as ProgramDoc);
  } catch {
    return [];
  }
}
