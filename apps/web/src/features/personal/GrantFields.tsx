import { PERMISSIONS, type Permission } from "@marquee/contracts";
import { Form, Select } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../access/authority";
import { useSession } from "../../stores/session";
import { permissionLabelKey } from "../role/permissionTree";

/** The permissions the signed-in user holds: what they may hand a token or a service account. */
export function useGrantablePermissions(available?: readonly Permission[]): readonly Permission[] {
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return useMemo(
    () => available ?? PERMISSIONS.filter((p) => can(p, undefined, permissions, roles).can),
    [available, permissions, roles],
  );
}

/**
 * The two fields of a grant (a token's or a service account's): which of `grantable` it holds (form field
 * `permissions`), and whether it reaches the whole range or only its own rows (form field `own`).
 */
export function GrantFields({
  grantable,
  label,
  hint,
  required = false,
  placeholder,
  rangeLabel,
  testId,
}: {
  grantable: readonly Permission[];
  label: string;
  hint: string;
  /** At least one permission must be chosen (else none chosen means all of `grantable`). */
  required?: boolean;
  placeholder?: string;
  /** The wording of the whole range (the default choice). */
  rangeLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="permissions"
        label={label}
        extra={hint}
        rules={required ? [{ required: true, type: "array", min: 1 }] : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={placeholder}
          optionFilterProp="label"
          options={grantable.map((p) => ({ value: p, label: t(permissionLabelKey(p), { defaultValue: p }) }))}
          data-testid={testId}
        />
      </Form.Item>
      <Form.Item name="own" label={t("personal.tokens.range")}>
        <Select
          options={[
            { value: false, label: rangeLabel },
            { value: true, label: t("personal.tokens.ownRows") },
          ]}
        />
      </Form.Item>
    </>
  );
}
