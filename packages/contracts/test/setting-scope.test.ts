import { describe, expect, it } from "vitest";
import { PLATFORM_ONLY_PERMISSIONS, TENANT_ADMIN_PERMISSIONS, tenantMayHold } from "../src/permissions";
import {
  SETTING_KEYS,
  SETTING_SCOPES,
  type SettingKey,
  settingScope,
  settingType,
  settingWritePermission,
  tenantMayReadSetting,
  tenantMayWriteSetting,
} from "../src/sysSetting";

/** The decision, key by key: whose each setting is. */
const EXPECTED: Record<(typeof SETTING_SCOPES)[number], SettingKey[]> = {
  platform: [
    "smtp",
    "weatherProvider",
    "weatherUrl",
    "weatherFile",
    "ratesProvider",
    "ratesUrl",
    "ratesFile",
    "stripe",
    "bankTransfer",
    "mapSuggestUrl",
    "terminalAuthorizationFreeAccessManage",
    "terminalHeartbeatSec",
    "transcodeMaxHeight",
    "landingEncryption",
    "captchaThreshold",
    // Signed webhooks (issue 23)
    "webhooksPrivateAddresses",
    // Single sign-on (issue 23): whether tenants' providers may be reached over http on private addresses.
    "ssoAllowHttp",
  ],
  shared: [
    "uploadLimitOpen",
    "uploadLimitSize",
    "capacitySetting",
    "audit",
    "defaultTimezone",
    "passwordPolicy",
    "mapTileUrl",
    "mapAttribution",
    "callCenter",
    "paymentSwitchOpenTime",
  ],
  tenant: ["alarmRules"],
};

describe("setting scopes", () => {
  it("gives every key exactly the scope decided for it", () => {
    for (const scope of SETTING_SCOPES) {
      expect(SETTING_KEYS.filter((k) => settingScope(k) === scope).sort(), scope).toEqual(
        [...EXPECTED[scope]].sort(),
      );
    }
    expect(Object.values(EXPECTED).flat().sort()).toEqual([...SETTING_KEYS].sort());
  });

  it("lets tenants read every key but the platform's own, and write only tenant keys", () => {
    for (const key of EXPECTED.platform) {
      expect(tenantMayReadSetting(key), key).toBe(false);
      expect(tenantMayWriteSetting(key), key).toBe(false);
    }
    for (const key of EXPECTED.shared) {
      expect(tenantMayReadSetting(key), key).toBe(true);
      expect(tenantMayWriteSetting(key), key).toBe(false);
    }
    expect(tenantMayReadSetting("alarmRules")).toBe(true);
    expect(tenantMayWriteSetting("alarmRules")).toBe(true);
  });

  it("keeps every secret key to the platform", () => {
    for (const key of SETTING_KEYS)
      if (settingType(key).visibility === "secret") expect(settingScope(key), key).toBe("platform");
  });

  it("names the permission that writes each key: sys:setting:edit, or a tenant key's own", () => {
    for (const key of [...EXPECTED.platform, ...EXPECTED.shared]) {
      expect(settingWritePermission(key), key).toBe("sys:setting:edit");
      expect(settingType(key)).toMatchObject({ writePermission: "sys:setting:edit" });
    }
    expect(settingWritePermission("alarmRules")).toBe("terminal:alarm:rules");
    expect(settingType("alarmRules")).toMatchObject({
      scope: "tenant",
      writePermission: "terminal:alarm:rules",
    });
    // Platform and shared keys stay with the platform; a tenant key's permission is one tenants may hold.
    expect(PLATFORM_ONLY_PERMISSIONS).toContain("sys:setting:edit");
    for (const key of EXPECTED.tenant) {
      const permission = settingWritePermission(key);
      expect(tenantMayHold(permission, "customer"), key).toBe(true);
      expect(TENANT_ADMIN_PERMISSIONS.agent).toContain(permission);
      expect(TENANT_ADMIN_PERMISSIONS.customer).toContain(permission);
    }
  });
});
