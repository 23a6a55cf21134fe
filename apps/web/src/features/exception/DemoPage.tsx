import { Card, Space } from "antd";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";

/** The permission demo (spec §2 auth/demo): reached with role manager or permission form; its buttons are guarded. */
export default function DemoPage() {
  const { t } = useTranslation();
  return (
    <Card title={t("exception.demoTitle")}>
      <p>{t("exception.demoText")}</p>
      <Space>
        <AuthButton operation="add" routePermission="form" label={t("exception.demoAdd")} type="primary" />
        <AuthButton operation="edit" routePermission="form" label={t("exception.demoEdit")} />
        <AuthButton operation="delete" routePermission="form" label={t("exception.demoDelete")} danger />
      </Space>
    </Card>
  );
}
