import { type AuditEntity, auditNameKey, parseAuditTarget } from "@marquee/contracts";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  materialFolders,
  materials,
  offices,
  playerPackages,
  playPlans,
  programs,
  publications,
  publishMessages,
  roles,
  strategies,
  terminalGroups,
  terminals,
  users,
} from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { namesIn } from "../../platform/tenancy";

/** The entities of audit targets whose rows have a name the reader may be shown (through namesIn). */
const NAMED: Partial<Record<AuditEntity, PgTable & { id: PgColumn; name: PgColumn }>> = {
  material: materials,
  folder: materialFolders,
  program: programs,
  plan: playPlans,
  message: publishMessages,
  publication: publications,
  terminal: terminals,
  terminalGroup: terminalGroups,
  strategy: strategies,
  package: playerPackages,
  office: offices,
  role: roles,
  user: users,
};

/** Ids looked up per entity at most, whatever the rows name (a page of the log names far fewer). */
const IDS_PER_ENTITY = 2_000;

/**
 * The names of what these audit rows' targets name, keyed by auditNameKey
 * ("terminal:3" → "Lobby"): one query per entity, each through namesIn, so
 * a reader sees the names of their own tenancy only and another tenant's
 * rows stay "#3". A row deleted since keeps its id only.
 */
export async function targetNames(
  db: Db,
  actor: Actor,
  rows: ReadonlyArray<{ action: string; target: string | null }>,
): Promise<Record<string, string>> {
  const found = await Promise.all(
    [...wantedBy(rows)].map(async ([entity, ids]) => {
      const table = NAMED[entity];
      const names = table ? await namesIn(db, actor, table, [...ids]) : new Map<number, string>();
      return [...names].map(([id, name]) => [auditNameKey(entity, id), name] as const);
    }),
  );
  return Object.fromEntries(found.flat());
}

/** The ids each entity's names are wanted for, kept with a page of rows the read cache holds (frozen). */
const wantedOfPage = new WeakMap<object, Map<AuditEntity, Set<number>>>();

function wantedBy(rows: ReadonlyArray<{ action: string; target: string | null }>) {
  const kept = wantedOfPage.get(rows);
  if (kept) return kept;
  const wanted = new Map<AuditEntity, Set<number>>();
  for (const row of rows)
    for (const part of parseAuditTarget(row.target, row.action)) {
      const entity = part.entity as AuditEntity;
      if (!part.ids.length || !NAMED[entity]) continue;
      const ids = wanted.get(entity) ?? new Set<number>();
      wanted.set(entity, ids);
      for (const id of part.ids) if (ids.size < IDS_PER_ENTITY && id <= 2_147_483_647) ids.add(id);
    }
  if (Object.isFrozen(rows)) wantedOfPage.set(rows, wanted);
  return wanted;
}
