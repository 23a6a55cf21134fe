import type { WidgetTypeInfo } from "@marquee/contracts";
import { WIDGET_PROPS, WIDGET_SPECS, WIDGET_TYPES, type WidgetType } from "@marquee/program";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { materialRefs, materials, widgetSettings } from "../../db/schema";
import type { Db } from "../../platform/db";
import type { Services } from "../../platform/services";

/** The props schema of a type as a plain object schema (the catalogue's types differ only in their shape). */
export function propsSchema(type: WidgetType): z.ZodObject {
  return WIDGET_PROPS[type] as unknown as z.ZodObject;
}

/**
 * The stored override of a type, keeping only the props that still fit the
 * catalogue (a later version may have changed one): a stale prop falls back
 * to the catalogue's default instead of breaking new widgets.
 */
export function validOverride(type: WidgetType, stored: unknown): Record<string, unknown> {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return {};
  const shape = propsSchema(type).shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const field = shape[key];
    if (field?.safeParse(value).success) out[key] = value;
  }
  return out;
}

/** The address of a tenant's palette image of a type; `v` changes with the image. */
export const iconUrl = (type: WidgetType, md5: string) =>
  `/apm-web/a/api/widget/icon?type=${type}&v=${md5.slice(0, 12)}`;

/** Every type of the catalogue with the tenant's choices (enabled unless the tenant turned it off). */
export async function widgetInfos(services: Services, tenantId: number): Promise<WidgetTypeInfo[]> {
  const rows = await services.db
    .select({ setting: widgetSettings, iconMd5: materials.md5 })
    .from(widgetSettings)
    .leftJoin(materials, eq(materials.id, widgetSettings.iconMaterialId))
    .where(eq(widgetSettings.officeId, tenantId));
  const byType = new Map(rows.map((r) => [r.setting.type, r]));
  return WIDGET_TYPES.map((type) => {
    const spec = WIDGET_SPECS[type];
    const row = byType.get(type);
    const iconMaterialId = row?.setting.iconMaterialId ?? null;
    return {
      type,
      category: spec.category,
      icon: spec.icon,
      enabled: row?.setting.enabled ?? true,
      defaults: { ...spec.defaults(), ...validOverride(type, row?.setting.defaults) },
      iconMaterialId,
      iconUrl: iconMaterialId !== null && row?.iconMd5 ? iconUrl(type, row.iconMd5) : null,
      updateDate: row?.setting.updatedAt.toISOString() ?? null,
    };
  });
}

/** Whether a material is an image uploaded as a widget image by someone of the tenant (the given offices). */
export async function isWidgetIcon(db: Db, materialId: number, officeIds: number[]): Promise<boolean> {
  const [icon] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(
      and(
        eq(materials.id, materialId),
        eq(materials.purpose, "widget"),
        eq(materials.type, "image"),
        inArray(materials.officeId, officeIds),
      ),
    );
  return icon !== undefined;
}

/** The columns a save changes of a tenant's setting of a type. */
export type WidgetSettingSet = Omit<typeof widgetSettings.$inferInsert, "id" | "officeId" | "type">;

/**
 * Writes a tenant's setting of a type (created on first save) and, in the same transaction, the
 * palette image's use of its material, like a program's media.
 */
export async function saveWidgetSetting(
  db: Db,
  tenantId: number,
  type: WidgetType,
  set: WidgetSettingSet,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(widgetSettings)
      .values({ officeId: tenantId, type, ...set })
      .onConflictDoUpdate({ target: [widgetSettings.officeId, widgetSettings.type], set })
      .returning();
    if (!row) throw new Error("widget setting not written");
    // The palette image counts as a use of the material, like a program's media.
    await tx
      .delete(materialRefs)
      .where(and(eq(materialRefs.ownerType, "widget"), eq(materialRefs.ownerId, row.id)));
    if (row.iconMaterialId !== null) {
      await tx.insert(materialRefs).values({
        materialId: row.iconMaterialId,
        ownerType: "widget",
        ownerId: row.id,
        ownerName: type,
      });
    }
  });
}

/** The stored palette image of a tenant's type (md5 and mime), if it has one. */
export async function widgetIconOf(
  db: Db,
  tenantId: number,
  type: WidgetType,
): Promise<{ md5: string | null; mime: string | null } | undefined> {
  const [icon] = await db
    .select({ md5: materials.md5, mime: materials.mime })
    .from(widgetSettings)
    .innerJoin(materials, eq(materials.id, widgetSettings.iconMaterialId))
    .where(and(eq(widgetSettings.officeId, tenantId), eq(widgetSettings.type, type)));
  return icon;
}
