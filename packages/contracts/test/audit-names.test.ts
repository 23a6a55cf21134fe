import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  auditActionName,
  auditTargetText,
  LOCALES,
  parseAuditTarget,
  readableAuditAction,
} from "../src";
import en from "../src/i18n/locales/en/audit";

describe("the audit action catalogue", () => {
  it("names no action twice", () => {
    const count = AUDIT_ACTION_GROUPS.reduce((n, g) => n + Object.keys(g).length, 0);
    expect(Object.keys(AUDIT_ACTIONS)).toHaveLength(count);
    // and every action of the catalogue is in a group
    expect(Object.keys(en).filter((key) => key.startsWith("audit.action."))).toHaveLength(count);
  });

  it.each(LOCALES)("has every action and entity in %s, non-empty and without stray spaces", (locale) => {
    for (const [action, labels] of [...Object.entries(AUDIT_ACTIONS), ...Object.entries(AUDIT_ENTITIES)]) {
      const text = labels[locale];
      expect(text?.trim(), `${locale} ${action}`).toBeTruthy();
      expect(text, `${locale} ${action}`).toBe(text?.trim());
    }
  });

  it("translates every action, not copied from English", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const same = Object.entries(AUDIT_ACTIONS).filter(([, labels]) => labels[locale] === labels.en);
      expect(
        same.map(([action]) => action),
        locale,
      ).toEqual([]);
    }
  });

  it("gives two actions one name in no language (the log's filter offers them by name)", () => {
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const [action, labels] of Object.entries(AUDIT_ACTIONS)) {
        expect(seen.get(labels[locale]), `${locale}: ${action} reads like ${seen.get(labels[locale])}`).toBe(
          undefined,
        );
        seen.set(labels[locale], action);
      }
    }
  });

  it("names known actions and makes unknown ones readable, never a raw path", () => {
    expect(auditActionName("/a/api/publishMessage/submit", "en")).toBe("Submit messages for review");
    expect(auditActionName("/a/api/publishMessage/submit", "fr")).toBe("Soumettre des messages à validation");
    expect(auditActionName("login", "zh_CN")).toBe("登录");
    expect(auditActionName("/a/api/statistics/terminalStartUpRate", "it")).toBe(
      "Consultare il tasso di accensione dei terminali",
    );
    expect(readableAuditAction("/a/api/oldThing/doSomethingElse")).toBe("Old thing › do something else");
    expect(auditActionName("/a/sys/fooBar", "ru")).toBe("Foo bar");
    expect(auditActionName("someCode", "en")).toBe("Some code");
  });
});

describe("audit targets", () => {
  it("parses ids, keys, several parts and the notices' old word", () => {
    expect(parseAuditTarget("terminal:1,2,3")).toEqual([{ entity: "terminal", ids: [1, 2, 3], key: null }]);
    expect(parseAuditTarget("setting:smtp")).toEqual([{ entity: "setting", ids: [], key: "smtp" }]);
    expect(parseAuditTarget("package:4 terminal:1,2")).toEqual([
      { entity: "package", ids: [4], key: null },
      { entity: "terminal", ids: [1, 2], key: null },
    ]);
    expect(parseAuditTarget("stripe")).toEqual([{ entity: "stripe", ids: [], key: null }]);
    expect(parseAuditTarget("message:4,5", "/a/api/message/delete")[0]?.entity).toBe("notification");
    expect(parseAuditTarget("message:4", "/a/api/publishMessage/submit")[0]?.entity).toBe("message");
    expect(parseAuditTarget(null)).toEqual([]);
  });

  it("reads in each language, with the names the reader may see", () => {
    const names = { "material:3": "Spring poster" };
    expect(auditTargetText("material:3", "/a/api/material/rename", "en", { names })).toBe(
      "Material: Spring poster (#3)",
    );
    expect(auditTargetText("terminal:1,2", "/a/api/terminalSet/reboot", "zh_CN")).toBe("终端：#1、#2");
    expect(auditTargetText("terminal:1", "/a/api/terminalSet/reboot", "fr")).toBe("Terminal : #1");
    expect(auditTargetText("package:4 terminal:1", "/a/api/terminalSet/pushDedicatedApk", "en")).toBe(
      "Player package: #4; Terminal: #1",
    );
    expect(auditTargetText("setting:smtp", "/a/api/sysSetting/saveKey", "it")).toBe("Impostazione: smtp");
    expect(
      auditTargetText("setting:smtp", "/a/api/sysSetting/saveKey", "en", {
        keyName: (_entity, key) => (key === "smtp" ? "Mail server (SMTP)" : undefined),
      }),
    ).toBe("Setting: Mail server (SMTP)");
    expect(auditTargetText("message:all", "/a/api/message/readAll", "ru")).toBe("Уведомление");
    expect(auditTargetText("log:export", "logExport", "zh_TW")).toBe("系統日誌");
    expect(auditTargetText("user:new:bob", "/a/api/user/save", "en")).toBe("User: bob");
    expect(auditTargetText("stripe", "payStripeWebhook", "en")).toBe("Stripe payment");
    expect(auditTargetText("/secret", "/secret", "en")).toBe("/secret");
    expect(auditTargetText("thing:x", "/secret", "en")).toBe("thing:x");
  });
});
