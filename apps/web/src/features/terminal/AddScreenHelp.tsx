import { CheckCircleOutlined } from "@ant-design/icons";
import { Empty, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { TERMINAL_PERMISSIONS, TERMINAL_ROUTE_PERMISSION } from "./permissions";

/** The empty state: how a screen joins (open the player on it, read its code, authorise it here). */
export function AddScreenHelp({ onAuthorize }: { onAuthorize: () => void }) {
  const { t } = useTranslation();
  const playerUrl = `${window.location.origin}/player`;
  return (
    <Empty description={t("terminal.empty.title")} data-testid="terminal-empty">
      <ol style={{ textAlign: "start", display: "inline-block", margin: "0 0 16px", paddingInlineStart: 20 }}>
        <li>
          {t("terminal.empty.step1")}{" "}
          <Typography.Text code copyable>
            {playerUrl}
          </Typography.Text>
        </li>
        <li>{t("terminal.empty.step2")}</li>
        <li>{t("terminal.empty.step3")}</li>
      </ol>
      <div>
        <AuthButton
          type="primary"
          operation={TERMINAL_PERMISSIONS.authorize}
          routePermission={TERMINAL_ROUTE_PERMISSION}
          label={t("terminal.authorize.button")}
          icon={<CheckCircleOutlined />}
          onClick={onAuthorize}
        />
      </div>
    </Empty>
  );
}
