import { Button, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageCorner } from "../../components/LanguageCorner";
import { useSession } from "../../stores/session";

/** The session-expired page (spec §2 /logout), with the way back to sign-in. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => useSession.getState().clear(), []);
  return (
    <div style={{ position: "relative", minHeight: "100%" }}>
      <LanguageCorner />
      <Result
        status="info"
        title={t("session.logoutTitle")}
        subTitle={t("session.logoutText")}
        extra={
          <Button type="primary" onClick={() => navigate("/login")}>
            {t("session.toLogin")}
          </Button>
        }
      />
    </div>
  );
}
