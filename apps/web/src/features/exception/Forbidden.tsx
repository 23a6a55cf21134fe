import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** The 403 page (spec §2). */
export default function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t("exception.403")}
      extra={
        <Button type="primary" onClick={() => navigate("/home")}>
          {t("exception.home")}
        </Button>
      }
    />
  );
}
