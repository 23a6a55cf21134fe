import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** The 500 page (spec §2). */
export default function ServerError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title="500"
      subTitle={t("exception.500")}
      extra={
        <Button type="primary" onClick={() => navigate("/home")}>
          {t("exception.home")}
        </Button>
      }
    />
  );
}
