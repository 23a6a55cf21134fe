import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageCorner } from "../../components/LanguageCorner";

/** An error page (spec §2: 403, 404, 500) with the way home. */
export function ExceptionPage({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ position: "relative", minHeight: "100%" }}>
      <LanguageCorner />
      <Result
        status={status}
        title={String(status)}
        subTitle={t(`exception.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate("/home")}>
            {t("exception.home")}
          </Button>
        }
      />
    </div>
  );
}
