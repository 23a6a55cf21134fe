import type { WidgetTypeInfo } from "@marquee/contracts";
import { WIDGET_PROPS, WIDGET_SPECS, WIDGET_TYPES, type WidgetType } from "@marquee/program";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { materials, widgetSettings } from "../../db/schema";
import type { Services } from "../../platform/services";

export type WidgetSettingRow = typeof widgetSettings.$inferSelect;

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
