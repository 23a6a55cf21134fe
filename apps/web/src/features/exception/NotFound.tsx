import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** The 404 page (spec §2). */
export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t("exception.404")}
      extra={
        <Button type="primary" onClick={() => navigate("/home")}>
          {t("exception.home")}
        </Button>
      }
    />
  );
}
