import { App, Button, type ButtonProps } from "antd";
import { useTranslation } from "react-i18next";
import { can } from "../access/authority";
import { useSession } from "../stores/session";

/**
 * A button guarded by an operation: without it the button is disabled with the
 * title "no permission" (spec §5), and a click on it shows the spec's message
 * "对不起，您没有操作权限：{name}" (§8). A disabled button fires no click, so
 * the click lands on a wrapper around it. The server checks again; this is
 * convenience.
 */
export function AuthButton({
  operation,
  routePermission,
  label,
  onClick,
  ...rest
}: ButtonProps & { operation: string; routePermission?: string; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { permissions, roles } = useSession();
  const allowed = can(operation, routePermission, permissions, roles).can;
  if (allowed)
    return (
      <Button {...rest} onClick={onClick}>
        {label}
      </Button>
    );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside is disabled, so it takes no focus and no key
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's click on the disabled button arrives here
    <span
      title={t("common.noPermission")}
      onClick={() => void message.error(t("common.actionDenied", { name: label }))}
      style={{ display: rest.block ? "block" : "inline-block", cursor: "not-allowed" }}
      data-testid="auth-denied"
    >
      <Button
        {...rest}
        disabled
        title={t("common.noPermission")}
        style={{ ...rest.style, pointerEvents: "none" }}
      >
        {label}
      </Button>
    </span>
  );
}
