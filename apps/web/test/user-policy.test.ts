import { describe, expect, it } from "vitest";
import { meetsPolicy, policyStatements } from "../src/features/user/policy";
import en from "../src/locales/en";
import fr from "../src/locales/fr";
import zh_CN from "../src/locales/zh_CN";

const policy = { minLength: 10, classes: 3, expiryDays: 90 };

describe("the password policy in the console", () => {
  it("states every rule, unmarked before anything is typed", () => {
    expect(policyStatements(policy, undefined)).toEqual([
      { rule: "length", values: { min: 10, max: 64 }, met: null },
      { rule: "classes", values: { classes: 3, kinds: 4 }, met: null },
      { rule: "expiry", values: { days: 90 }, met: null },
    ]);
    expect(policyStatements({ ...policy, expiryDays: 0 }, "").at(-1)).toEqual({
      rule: "noExpiry",
      values: {},
      met: null,
    });
  });

  it("marks each rule as the password is typed, with the same check as the server", () => {
    const marks = (pw: string) => policyStatements(policy, pw).map((s) => s.met);
    expect(marks("abc")).toEqual([false, false, null]);
    expect(marks("abcdefghij")).toEqual([true, false, null]);
    expect(marks("Abc-1")).toEqual([false, true, null]);
    expect(marks("Abcdefghi-1")).toEqual([true, true, null]);
    expect(meetsPolicy(policy, "Abcdefghi-1")).toBe(true);
    expect(meetsPolicy(policy, "abcdefghij1")).toBe(false);
  });

  it("has words for every rule in the languages, with their numbers", () => {
    for (const catalogue of [en, fr, zh_CN]) {
      for (const s of policyStatements(policy, "x")) {
        const text = (catalogue.user.policy as Record<string, string>)[s.rule] ?? "";
        expect(text).not.toBe("");
        for (const name of Object.keys(s.values)) expect(text).toContain(`{{${name}}}`);
      }
    }
  });
});
