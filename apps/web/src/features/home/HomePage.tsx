import { Card, Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../stores/session";
import BeingBuilt from "../exception/BeingBuilt";

/** Home: who is signed in; the dashboard of statistics comes with its issue. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <>
      <Card title={t("home.welcome", { name: user?.name ?? "" })}>
        <p>{t("home.intro")}</p>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t("home.office")}>{user?.officeName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <BeingBuilt name="dataStatistics" />
    </>
  );
}
