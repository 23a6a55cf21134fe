import { Empty } from "antd";
import { useTranslation } from "react-i18next";

/** The clear empty state of a screen a later release builds: never a crash, never a blank page. */
export default function BeingBuilt({ name }: { name?: string }) {
  const { t } = useTranslation();
  const title = name ? t(`routes.${name}`, { defaultValue: name }) : "";
  return (
    <Empty
      style={{ marginTop: 80 }}
      description={
        <>
          <h3 style={{ marginBottom: 4 }}>{t("common.beingBuilt")}</h3>
          <span>{t("common.beingBuiltHint", { title })}</span>
        </>
      }
    />
  );
}
