import {
  describePasswordPolicy,
  type PasswordPolicy,
  type PasswordRule,
  passwordProblems,
} from "@marquee/contracts";

export interface PolicyStatement {
  /** The locale key under `user.policy.`. */
  rule: PasswordRule | "expiry" | "noExpiry";
  values: Record<string, number>;
  /** Whether the password typed so far meets it; null: nothing typed yet, or not about the password itself. */
  met: boolean | null;
}

/** The policy as the lines a form shows under a password field, each marked as the user types. */
export function policyStatements(policy: PasswordPolicy, password: string | undefined): PolicyStatement[] {
  const broken = password ? passwordProblems(policy, password) : [];
  return describePasswordPolicy(policy).map(({ rule, values }) => ({
    rule,
    values,
    met: !password || rule === "expiry" || rule === "noExpiry" ? null : !broken.includes(rule),
  }));
}

/** Whether a password meets the policy (the check the server makes again). */
export const meetsPolicy = (policy: PasswordPolicy, password: string) =>
  passwordProblems(policy, password).length === 0;
