import { materialIdsOf, type ProgramDoc } from "@marquee/program";
import type { Manifest, TerminalStatus } from "@marquee/terminal-protocol";
import { type AnyColumn, and, eq, inArray, sql } from "drizzle-orm";
import { materials, playPlans, programs, publications, publicationTargets, syncSessions } from "../db/schema";
import type { Services } from "../platform/services";
import { anyOf } from "../platform/sql";

/**
 * What a terminal was given: the programs and materials it may report. A
 * terminal's reports (proof of play, clicks, the program on screen) are
 * checked against it before they are stored, so that a screen can never make
 * its tenant read another tenant's names by naming their ids.
 */
export interface Given {
  /** Whose content it is: a terminal moved to another tenant is given anew. */
  tenantId: number;
  programs: ReadonlySet<number>;
  materials: ReadonlySet<number>;
  /** Names of the programs, as the server knows them (a screen's own word for one is not kept). */
  names: ReadonlyMap<number, string>;
}

/** How long a terminal's full history of given content is kept in memory before it is read again. */
export const GIVEN_TTL_MS = 10 * 60_000;

/** The programs and materials of a manifest: what the terminal holds now. */
export function givenByManifest(tenantId: number, manifest: Manifest | null): Given {
  const progs = new Set<number>();
  const names = new Map<number, string>();
  for (const p of manifest?.programs ?? []) {
    progs.add(p.id);
    names.set(p.id, p.name);
  }
  const mats = new Set<number>();
  for (const m of manifest?.media ?? []) mats.add(m.materialId);
  return { tenantId, programs: progs, materials: mats, names };
}

/**
 * Everything of its own tenant a terminal was ever given: the programs of
 * every publication that reached it (whatever became of it since: a screen
 * that played offline reports plays of content withdrawn meanwhile), the
 * programs of its tenant's plans so published, those assigned to it, those
 * of the synchronized broadcasts it took part in, and the materials these
 * programs use. Content of another tenant is never part of it, even if a
 * publication of the tenant it left once reached it.
 */
export async function givenHistory(
  services: Services,
  terminal: { id: number; officeId: number; programIds: number[] },
  now: Given,
): Promise<Given> {
  const { db, tree } = services;
  const tenant = await tree.tenantOf(terminal.officeId);
  if (!tenant) return now;
  const offices = await tree.officesOfTenant(tenant.id);
  const reached = await db
    .select({ kind: publications.kind, contentId: publications.contentId })
    .from(publicationTargets)
    .innerJoin(publications, eq(publications.id, publicationTargets.publicationId))
    .where(and(eq(publicationTargets.terminalId, terminal.id), eq(publications.tenantId, tenant.id)));
  const programIds = new Set<number>([...now.programs, ...terminal.programIds]);
  for (const r of reached) if (r.kind === "program") programIds.add(r.contentId);
  const planIds = [...new Set(reached.filter((r) => r.kind === "plan").map((r) => r.contentId))];
  const inTenant = (column: AnyColumn) => anyOf(column, offices);
  const [plans, syncs] = await Promise.all([
    planIds.length
      ? db
          .select({ doc: playPlans.doc })
          .from(playPlans)
          .where(and(inArray(playPlans.id, planIds), inTenant(playPlans.officeId)))
      : [],
    db
      .select({ programId: syncSessions.programId })
      .from(syncSessions)
      .where(and(sql`${terminal.id} = any(${syncSessions.terminalIds})`, inTenant(syncSessions.officeId))),
  ]);
  for (const p of plans) {
    for (const item of p.doc.items ?? []) programIds.add(item.programId);
    if (p.doc.defaultProgramId) programIds.add(p.doc.defaultProgramId);
  }
  for (const s of syncs) programIds.add(s.programId);
  const rows = programIds.size
    ? await db
        .select({ id: programs.id, name: programs.name, doc: programs.doc })
        .from(programs)
        .where(and(inArray(programs.id, [...programIds]), inTenant(programs.officeId)))
    : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const used = new Set<number>(now.materials);
  for (const r of rows) for (const id of mediaOf(r.doc)) used.add(id);
  const mats = used.size
    ? await db
        .select({ id: materials.id })
        .from(materials)
        .where(and(inArray(materials.id, [...used]), inTenant(materials.officeId)))
    : [];
  return {
    tenantId: tenant.id,
    programs: new Set(rows.map((r) => r.id)),
    materials: new Set(mats.map((m) => m.id)),
    names,
  };
}

/** Materials a stored document uses (one that no longer reads uses none). */
function mediaOf(doc: unknown): number[] {
  try {
    return materialIdsOf(doc as ProgramDoc);
  } catch {
    return [];
  }
}

/** A report item names only given content: its program, and its material when it names one. */
export const isGiven = (g: Given, item: { programId: number; materialId: number | null }): boolean =>
  g.programs.has(item.programId) && (item.materialId === null || g.materials.has(item.materialId));

/**
 * A status as stored: the program on screen only when it was given, named as
 * the server names it (the screen's own name for a given program is not
 * kept). Without a program, what the screen says it shows (its idle screen)
 * is its own word about itself.
 */
export function checkedStatus(g: Given, status: TerminalStatus): TerminalStatus {
  const id = status.programId;
  if (id === null) return status;
  if (!g.programs.has(id)) return { ...status, programId: null, programName: null };
  return { ...status, programName: g.names.get(id) ?? null };
}
