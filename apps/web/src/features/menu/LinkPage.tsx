import { ExportOutlined } from "@ant-design/icons";
import { Button, Result, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { openMenuLink } from "./links";

/**
 * The page of a menu entry that opens an external address (menu management's
 * `link`), reached by its path rather than from the menu: a browser opens a
 * new tab only on a click, so the user is asked for one.
 */
export default function LinkPage({ title, link, frame }: { title: string; link: string; frame: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      icon={<ExportOutlined />}
      title={title}
      subTitle={
        <>
          {t("menuManage.linkPage")} <Typography.Text code>{link}</Typography.Text>
        </>
      }
      extra={
        <Button
          type="primary"
          onClick={() => openMenuLink(link, frame, navigate)}
          data-testid="menu-link-open"
        >
          {t("menuManage.openLink")}
        </Button>
      }
    />
  );
}
