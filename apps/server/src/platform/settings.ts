import { SETTINGS, type SettingKey, type SettingValue } from "@marquee/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings, tenantSettings } from "../db/schema";
import type { OfficeTree } from "./office-tree";

/** A tenant's own value of a key, or the platform's, as the alarm pass reads them for every office at once. */
export interface ValuesByOffice<K extends SettingKey> {
  /** The platform's value: every office without a tenant value at or above it. */
  platform: SettingValue<K>;
  /** The offices below a tenant that keeps its own value, with the value in force there. */
  offices: Map<number, SettingValue<K>>;
}

/**
 * System settings: the stored value when there is one and it still fits its
 * schema, else the typed default from the contracts. The platform's values
 * live in `settings`; a tenant key's value of an agent or customer lives in
 * `tenant_settings`, and one without reads the nearest tenant above it that
 * has one, at the top the platform's. Nothing is cached: a write is seen by
 * the next read.
 */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly tree: OfficeTree,
  ) {}

  /** The platform's value. */
  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, key));
    return this.decode(key, row?.value);
  }

  /** The platform's values. */
  async getMany(keys: SettingKey[]): Promise<Record<string, unknown>> {
    const rows = keys.length ? await this.db.select().from(settings).where(inArray(settings.key, keys)) : [];
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(keys.map((k) => [k, this.decode(k, stored.get(k))]));
  }

  /** Writes the platform's value. */
  async set<K extends SettingKey>(key: K, value: SettingValue<K>, userId: number | null): Promise<void> {
    const stored = wrap(value);
    await this.db
      .insert(settings)
      .values({ key, value: stored, updatedBy: userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: stored, updatedAt: new Date(), updatedBy: userId },
      });
  }

  /**
   * The tenants whose own values count for `officeId`, nearest first: its
   * tenant, then every agent or customer above it (the platform, at the top,
   * answers from `settings`).
   */
  private async tenantChain(officeId: number): Promise<number[]> {
    const chain: number[] = [];
    let node = await this.tree.tenantOf(officeId);
    while (node && node.type !== "platform") {
      if (node.type === "agent" || node.type === "customer") chain.push(node.id);
      node = node.parentId === null ? undefined : await this.tree.get(node.parentId);
    }
    return chain;
  }

  /**
   * The values in force for the tenant of `officeId`: a tenant key's own value
   * of the nearest tenant at or above it that keeps one, else the platform's;
   * platform and shared keys answer the platform's value.
   */
  async getManyFor(keys: SettingKey[], officeId: number): Promise<Record<string, unknown>> {
    const values = await this.getMany(keys);
    const own = keys.filter((k) => SETTINGS[k].scope === "tenant");
    if (!own.length) return values;
    const chain = await this.tenantChain(officeId);
    if (!chain.length) return values;
    const rows = await this.db
      .select({ officeId: tenantSettings.officeId, key: tenantSettings.key, value: tenantSettings.value })
      .from(tenantSettings)
      .where(and(inArray(tenantSettings.key, own), inArray(tenantSettings.officeId, chain)));
    for (const key of own) {
      // Nearest first; a value that no longer fits the schema counts as none.
      for (const tenantId of chain) {
        const row = rows.find((r) => r.key === key && r.officeId === tenantId);
        const value = row && this.parse(key, row.value);
        if (value?.ok) {
          values[key] = value.value;
          break;
        }
      }
    }
    return values;
  }

  /** The value in force for the tenant of `officeId` (see getManyFor). */
  async getFor<K extends SettingKey>(key: K, officeId: number): Promise<SettingValue<K>> {
    return (await this.getManyFor([key], officeId))[key] as SettingValue<K>;
  }

  /** Writes a tenant's own value of a tenant key (`tenantId`: the agent's or customer's office). */
  async setFor<K extends SettingKey>(
    key: K,
    tenantId: number,
    value: SettingValue<K>,
    userId: number | null,
  ): Promise<void> {
    if (SETTINGS[key].scope !== "tenant") throw new Error(`${key} is no tenant setting`);
    const tenant = await this.tree.get(tenantId);
    if (tenant?.type !== "agent" && tenant?.type !== "customer")
      throw new Error(`office ${tenantId} is no agent or customer`);
    const stored = wrap(value);
    await this.db
      .insert(tenantSettings)
      .values({ officeId: tenantId, key, value: stored, updatedBy: userId })
      .onConflictDoUpdate({
        target: [tenantSettings.officeId, tenantSettings.key],
        set: { value: stored, updatedAt: new Date(), updatedBy: userId },
      });
  }

  /**
   * The value of a tenant key in force in every office at once: the
   * platform's, and the offices under tenants that keep their own (a tenant's
   * value covers its subtree down to the next tenant keeping one). Reads the
   * key's few tenant rows; the tree is in memory.
   */
  async byOffice<K extends SettingKey>(key: K): Promise<ValuesByOffice<K>> {
    const platform = await this.get(key);
    const rows = await this.db
      .select({ officeId: tenantSettings.officeId, value: tenantSettings.value })
      .from(tenantSettings)
      .where(eq(tenantSettings.key, key));
    const owners: Array<{ path: string; value: SettingValue<K> }> = [];
    for (const row of rows) {
      const node = await this.tree.get(row.officeId);
      const parsed = this.parse(key, row.value);
      if ((node?.type === "agent" || node?.type === "customer") && parsed.ok)
        owners.push({ path: node.path, value: parsed.value });
    }
    // Higher tenants first, so that a tenant below, keeping its own, overrides them in its subtree.
    owners.sort((a, b) => a.path.length - b.path.length);
    const offices = new Map<number, SettingValue<K>>();
    for (const owner of owners)
      for (const id of await this.tree.subtreeIds(owner.path)) offices.set(id, owner.value);
    return { platform, offices };
  }

  private parse<K extends SettingKey>(
    key: K,
    raw: unknown,
  ): { ok: true; value: SettingValue<K> } | { ok: false } {
    const value = typeof raw === "object" && raw !== null && "v" in raw ? (raw as { v: unknown }).v : raw;
    const parsed = SETTINGS[key].schema.safeParse(value);
    return parsed.success ? { ok: true, value: parsed.data as SettingValue<K> } : { ok: false };
  }

  private decode<K extends SettingKey>(key: K, raw: unknown): SettingValue<K> {
    if (raw === undefined) return SETTINGS[key].default as SettingValue<K>;
    const parsed = this.parse(key, raw);
    return parsed.ok ? parsed.value : (SETTINGS[key].default as SettingValue<K>);
  }
}

/**
 * Wrapped in an object: drizzle reads a bare JSON string that looks like JSON
 * ("true", "42") back as a boolean or a number, which would no longer fit the
 * setting's type.
 */
const wrap = (value: unknown) => ({ v: value });
