import {
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  type SettingValue,
  settingWritePermission,
  tenantMayReadSetting,
  tenantMayWriteSetting,
} from "@marquee/contracts";
import { type Actor, can } from "../../platform/actor";
import { AppError, FieldErrors } from "../../platform/errors";
import type { Services } from "../../platform/services";

/**
 * Who reads and writes which setting, in one place (the contracts' scopes):
 * getKey and saveKey go through here, and so should anything else that reads
 * settings on behalf of a user. A platform user reads and writes the
 * platform's values; an agent's or customer's user reads shared keys and its
 * own tenant's value of tenant keys, writes only the latter, and never sees a
 * platform key.
 */

/** Why `actor` may not read `key`: a platform key outside the platform (403), a secret key without sys:setting:view (unknown to them, 400). */
function readRefusal(actor: Actor, key: SettingKey): "platformOnly" | "secret" | null {
  if (actor.tenantType !== "platform" && !tenantMayReadSetting(key)) return "platformOnly";
  if (SETTINGS[key].visibility === "secret" && !can(actor, "sys:setting:view")) return "secret";
  return null;
}

/** Whether `actor` may read `key`. */
export function mayReadSetting(actor: Actor, key: SettingKey): boolean {
  return readRefusal(actor, key) === null;
}

/** The keys `actor` may read, in catalogue order. */
export function readableSettingKeys(actor: Actor): SettingKey[] {
  return SETTING_KEYS.filter((k) => mayReadSetting(actor, k));
}

/** Refuses the first key `actor` may not read: 403 setting.platformOnly, or 400 unknown key for a secret one. */
export function assertMayRead(actor: Actor, keys: readonly SettingKey[]): void {
  const platformOnly = keys.find((k) => readRefusal(actor, k) === "platformOnly");
  if (platformOnly) throw new AppError(403, "setting.platformOnly", { key: platformOnly });
  const secret = keys.filter((k) => readRefusal(actor, k) === "secret");
  if (secret.length)
    throw new FieldErrors(
      secret.map((key) => ({ field: "key", key: "setting.unknownKey", values: { key } })),
    );
}

/** Refuses a write `actor` may not make: 403 setting.platformOnly outside the platform, else the missing permission. */
export function assertMayWrite(actor: Actor, key: SettingKey): void {
  if (actor.tenantType !== "platform" && !tenantMayWriteSetting(key))
    throw new AppError(403, "setting.platformOnly", { key });
  const permission = settingWritePermission(key);
  if (!can(actor, permission)) throw new AppError(403, "auth.forbidden", { permission });
}

/**
 * The values of `keys` as `actor` may see them, refused as assertMayRead
 * says: the platform's values for a platform user, the values in force for
 * their tenant otherwise.
 */
export async function readSettingsAs(
  services: Services,
  actor: Actor,
  keys: readonly SettingKey[],
): Promise<Record<string, unknown>> {
  assertMayRead(actor, keys);
  return actor.tenantType === "platform"
    ? services.settings.getMany([...keys])
    : services.settings.getManyFor([...keys], actor.tenantId);
}

/** Writes `key` as `actor` (checked by assertMayWrite): the platform's value, or their own tenant's. */
export async function writeSettingAs<K extends SettingKey>(
  services: Services,
  actor: Actor,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  assertMayWrite(actor, key);
  if (actor.tenantType === "platform") {
    await services.settings.set(key, value, actor.userId);
    return;
  }
  await services.settings.setFor(key, actor.tenantId, value, actor.userId);
}
