import { CheckCircleFilled, CloseCircleFilled, InfoCircleOutlined } from "@ant-design/icons";
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import type { FormRule } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { fetchPasswordPolicy } from "./api";
import { meetsPolicy, policyStatements } from "./policy";

/** The password policy in force; `known` (given by the server with an answer) spares the call. */
export function usePasswordPolicy(known?: PasswordPolicy | null): PasswordPolicy {
  const query = useQuery({
    queryKey: ["user", "passwordPolicy"],
    queryFn: fetchPasswordPolicy,
    enabled: !known,
    staleTime: 60_000,
  });
  return known ?? query.data ?? DEFAULT_PASSWORD_POLICY;
}

/** The antd rule that checks a new password against the policy as it is typed. */
export function policyRule(t: TFunction, policy: PasswordPolicy): FormRule {
  return {
    validator: (_, value: string | undefined) =>
      !value || meetsPolicy(policy, value)
        ? Promise.resolve()
        : Promise.reject(new Error(t("user.policy.invalid"))),
  };
}

/** The policy in words under a password field, each rule ticked or crossed as the user types. */
export function PasswordPolicyHint({ policy, password }: { policy: PasswordPolicy; password?: string }) {
  const { t } = useTranslation();
  return (
    <ul
      data-testid="password-policy"
      aria-label={t("user.policy.title")}
      style={{ listStyle: "none", padding: 0, margin: "4px 0 0" }}
    >
      {policyStatements(policy, password).map((s) => (
        <li key={s.rule} data-rule={s.rule} data-met={s.met === null ? undefined : String(s.met)}>
          {s.met === true ? (
            <CheckCircleFilled style={{ color: "#52c41a" }} aria-hidden />
          ) : s.met === false ? (
            <CloseCircleFilled style={{ color: "#ff4d4f" }} aria-hidden />
          ) : (
            <InfoCircleOutlined aria-hidden />
          )}{" "}
          {t(`user.policy.${s.rule}`, s.values)}
        </li>
      ))}
    </ul>
  );
}
