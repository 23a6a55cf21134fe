import type { MessageKey } from "@marquee/contracts";
import { type Background, type MediaKind, type ProgramDoc, WIDGET_SPECS } from "@marquee/program";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { materials } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import type { MaterialRow } from "../material/repo";

/** One place of a document that plays a material: which one, the type it must be, and where (a field path). */
export interface MediaUse {
  materialId: number;
  kind: MediaKind;
  field: string;
}

/** Every material a document plays, with the type its place takes (backgrounds and media widgets). */
export function mediaUses(doc: ProgramDoc): MediaUse[] {
  const uses: MediaUse[] = [];
  const background = (b: Background, field: string) => {
    if (b.kind !== "color" && b.materialId !== null)
      uses.push({ materialId: b.materialId, kind: b.kind, field: `${field}.materialId` });
  };
  background(doc.background, "doc.background");
  doc.scenes.forEach((scene, si) => {
    background(scene.background, `doc.scenes.${si}.background`);
    scene.widgets.forEach((w, wi) => {
      const kind = WIDGET_SPECS[w.type].media;
      if (!kind) return;
      const at = `doc.scenes.${si}.widgets.${wi}.props`;
      const p = w.props as { materialId?: number | null; materialIds?: number[] };
      if (typeof p.materialId === "number")
        uses.push({ materialId: p.materialId, kind, field: `${at}.materialId` });
      p.materialIds?.forEach((id, i) => {
        uses.push({ materialId: id, kind, field: `${at}.materialIds.${i}` });
      });
    });
  });
  return uses;
}

/**
 * The check of save: every material the document plays exists in the
 * caller's data range as a library material, is approved, and has the type
 * of its place. Refusals name the materials and carry a field error for each
 * place, so the editor can point at the widget. Answers the materials by id.
 */
export async function checkMedia(
  db: Db,
  actor: Actor,
  doc: ProgramDoc,
  t: FastifyRequest["t"],
): Promise<Map<number, MaterialRow>> {
  const uses = mediaUses(doc);
  const ids = [...new Set(uses.map((u) => u.materialId))];
  const rows = ids.length
    ? await db
        .select()
        .from(materials)
        .where(and(inArray(materials.id, ids), eq(materials.purpose, "library"), scope(actor, materials)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const material = (u: MediaUse) => byId.get(u.materialId) as MaterialRow;
  /** One field error per bad place, so the editor can point at each widget. */
  const errors = (key: MessageKey, bad: MediaUse[], values: (u: MediaUse) => Record<string, string>) => ({
    errors: bad.map((u) => ({ field: u.field, message: t(key, values(u)) })),
  });

  const missing = uses.filter((u) => !byId.has(u.materialId));
  if (missing.length) {
    const ids = [...new Set(missing.map((u) => u.materialId))].join(", ");
    const extra = errors("program.materialMissing", missing, (u) => ({ ids: String(u.materialId) }));
    throw new AppError(400, "program.materialMissing", { ids }, extra);
  }
  const unapproved = uses.filter((u) => material(u).reviewState !== "approved");
  if (unapproved.length) {
    const values = (u: MediaUse) => ({
      name: material(u).name,
      state: t(material(u).reviewState === "rejected" ? "program.state.rejected" : "program.state.pending"),
    });
    const extra = errors("program.materialNotApproved", unapproved, values);
    throw new AppError(400, "program.materialNotApproved", values(unapproved[0] as MediaUse), extra);
  }
  const wrong = uses.filter((u) => material(u).type !== u.kind);
  if (wrong.length) {
    const values = (u: MediaUse) => ({
      name: material(u).name,
      type: t(`program.kind.${material(u).type}`),
      expected: t(`program.kind.${u.kind}`),
    });
    const extra = errors("program.materialWrongType", wrong, values);
    throw new AppError(400, "program.materialWrongType", values(wrong[0] as MediaUse), extra);
  }
  return byId;
}

/** A copy of the document with its material ids replaced through `map` (import into another tenant). */
export function remapMaterials(doc: ProgramDoc, map: ReadonlyMap<number, number>): ProgramDoc {
  const copy = structuredClone(doc);
  const to = (id: number) => map.get(id) ?? id;
  const background = (b: Background) => {
    if (b.kind !== "color" && b.materialId !== null) b.materialId = to(b.materialId);
  };
  background(copy.background);
  for (const scene of copy.scenes) {
    background(scene.background);
    for (const w of scene.widgets) {
      const p = w.props as { materialId?: number | null; materialIds?: number[] };
      if (typeof p.materialId === "number") p.materialId = to(p.materialId);
      if (p.materialIds) p.materialIds = p.materialIds.map(to);
    }
  }
  return copy;
}
