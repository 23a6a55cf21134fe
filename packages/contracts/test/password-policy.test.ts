import { describe, expect, it } from "vitest";
import {
  DEFAULT_PASSWORD_POLICY,
  describePasswordPolicy,
  MESSAGES,
  NewPassword,
  PASSWORD_MAX_LENGTH,
  passwordClasses,
  passwordExpired,
  passwordPolicyValues,
  passwordProblems,
  translate,
  UserSaveBody,
} from "../src";

const policy = (minLength: number, classes: number, expiryDays = 0) => ({ minLength, classes, expiryDays });

describe("the password policy", () => {
  it("counts the kinds of characters a password uses", () => {
    expect([...passwordClasses("abc")]).toEqual(["lower"]);
    expect([...passwordClasses("aB3!")].sort()).toEqual(["digit", "lower", "symbol", "upper"]);
    // letters without case count as lower-case letters; a space is a symbol
    expect([...passwordClasses("密码 ÄÖ")].sort()).toEqual(["lower", "symbol", "upper"]);
    expect([...passwordClasses("٣")]).toEqual(["digit"]);
  });

  it("names the rules a password breaks, and none for one that meets them", () => {
    const p = policy(10, 3);
    expect(passwordProblems(p, "Short1!")).toEqual(["length"]);
    expect(passwordProblems(p, "alllowercase1")).toEqual(["classes"]);
    expect(passwordProblems(p, "short")).toEqual(["length", "classes"]);
    expect(passwordProblems(p, "Long-enough-1")).toEqual([]);
    expect(passwordProblems(p, `Aa1${"x".repeat(PASSWORD_MAX_LENGTH)}`)).toEqual(["length"]);
    // characters, not UTF-16 units: ten emoji are ten characters
    expect(passwordProblems(policy(10, 1), "🙂".repeat(10))).toEqual([]);
    expect(passwordProblems(policy(10, 1), "🙂".repeat(9))).toEqual(["length"]);
  });

  it("keeps the default rule for callers without settings (admin:create)", () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({ minLength: 8, classes: 2, expiryDays: 0 });
    expect(NewPassword.safeParse("Admin12345").success).toBe(true);
    expect(NewPassword.safeParse("abcdefgh").success).toBe(false);
    expect(NewPassword.safeParse("abc1").success).toBe(false);
  });

  it("is stated in words, in every language, with the policy's numbers", () => {
    expect(describePasswordPolicy(policy(12, 3, 90))).toEqual([
      { rule: "length", values: { min: 12, max: 64 } },
      { rule: "classes", values: { classes: 3, kinds: 4 } },
      { rule: "expiry", values: { days: 90 } },
    ]);
    expect(describePasswordPolicy(policy(8, 2)).at(-1)).toEqual({ rule: "noExpiry", values: {} });
    const values = passwordPolicyValues(policy(12, 3));
    expect(translate("en", "user.passwordPolicy", values)).toBe(
      "The password needs 12 to 64 characters with at least 3 of these kinds: lower-case letters, upper-case letters, digits, symbols",
    );
    for (const locale of Object.keys(MESSAGES) as Array<keyof typeof MESSAGES>) {
      const text = translate(locale, "user.passwordPolicy", values);
      expect(text, locale).toContain("12");
      expect(text, locale).toContain("64");
      expect(text, locale).toContain("3");
    }
  });

  it("expires a password after expiryDays, never with 0", () => {
    const changed = new Date("2026-01-01T00:00:00Z");
    const day = 86_400_000;
    expect(passwordExpired(policy(8, 2, 30), changed, new Date(changed.getTime() + 30 * day - 1))).toBe(
      false,
    );
    expect(passwordExpired(policy(8, 2, 30), changed, new Date(changed.getTime() + 30 * day))).toBe(true);
    expect(passwordExpired(policy(8, 2, 0), changed, new Date(changed.getTime() + 9999 * day))).toBe(false);
  });
});

describe("saving a user", () => {
  it("takes form-encoded lists, empties and flags", () => {
    const parsed = UserSaveBody.parse({
      id: "7",
      roleIds: "3,4,3",
      dataOffices: "",
      enabled: "false",
      email: "",
      phone: "+39 555 0100",
    });
    expect(parsed).toEqual({
      id: 7,
      roleIds: [3, 4],
      dataOffices: [],
      enabled: false,
      email: null,
      phone: "+39 555 0100",
    });
  });

  it("refuses login names with spaces or symbols, and unknown fields", () => {
    expect(UserSaveBody.safeParse({ username: "a b" }).success).toBe(false);
    expect(UserSaveBody.safeParse({ username: "x" }).success).toBe(false);
    expect(UserSaveBody.safeParse({ username: "zhang.san@acme" }).success).toBe(true);
    expect(UserSaveBody.safeParse({ username: "张三" }).success).toBe(true);
    expect(UserSaveBody.safeParse({ isAdmin: true }).success).toBe(false);
    expect(UserSaveBody.safeParse({ roleIds: "1,x" }).success).toBe(false);
  });
});
