import { Button, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../stores/session";

/** The session-expired page (spec §2 /logout), with the way back to sign-in. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => useSession.getState().clear(), []);
  return (
    <Result
      status="info"
      title={t("login.logoutTitle")}
      subTitle={t("login.logoutText")}
      extra={
        <Button type="primary" onClick={() => navigate("/login")}>
          {t("login.toLogin")}
        </Button>
      }
    />
  );
}
