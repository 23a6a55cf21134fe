import { App, Button, type ButtonProps } from "antd";
import { useTranslation } from "react-i18next";
import { can } from "../access/authority";
import { useSession } from "../stores/session";

/**
 * A button guarded by an operation: without it the button is disabled with the
 * title "no permission" (spec §5), and a click that still arrives shows the
 * spec's message. The server checks again; this is convenience.
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
  return (
    <Button
      {...rest}
      disabled={!allowed || rest.disabled}
      title={allowed ? rest.title : t("common.noPermission")}
      onClick={(e) => {
        if (!allowed) {
          void message.error(t("common.actionDenied", { name: label }));
          return;
        }
        onClick?.(e);
      }}
    >
      {label}
    </Button>
  );
}
