import { SETTINGS, type SettingKey, type SettingValue } from "@marquee/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

/**
 * System settings: the stored value when there is one and it still fits its
 * schema, else the typed default from the contracts.
 */
export class SettingsService {
  constructor(private readonly db: Db) {}

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, key));
    return this.decode(key, row?.value);
  }

  async getMany(keys: SettingKey[]): Promise<Record<string, unknown>> {
    const rows = keys.length ? await this.db.select().from(settings).where(inArray(settings.key, keys)) : [];
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(keys.map((k) => [k, this.decode(k, stored.get(k))]));
  }

  async set<K extends SettingKey>(key: K, value: SettingValue<K>, userId: number | null): Promise<void> {
    // Wrapped in an object: drizzle reads a bare JSON string that looks like JSON ("true", "42")
    // back as a boolean or a number, which would no longer fit the setting's type.
    const stored = { v: value as unknown };
    await this.db
      .insert(settings)
      .values({ key, value: stored, updatedBy: userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: stored, updatedAt: new Date(), updatedBy: userId },
      });
  }

  private decode<K extends SettingKey>(key: K, raw: unknown): SettingValue<K> {
    const def = SETTINGS[key];
    if (raw === undefined) return def.default as SettingValue<K>;
    const value = typeof raw === "object" && raw !== null && "v" in raw ? (raw as { v: unknown }).v : raw;
    const parsed = def.schema.safeParse(value);
    return (parsed.success ? parsed.data : def.default) as SettingValue<K>;
  }
}
