import { Typography } from "antd";
import { useTranslation } from "react-i18next";

/** A tree node's name with its terminals online out of all ("12/40"). */
export function NodeTitle({ name, online, total }: { name: string; online: number; total: number }) {
  const { t } = useTranslation();
  return (
    <span style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
      <Typography.Text ellipsis title={name} style={{ minWidth: 0 }}>
        {name}
      </Typography.Text>
      <Typography.Text
        type="secondary"
        style={{ flex: "none", fontVariantNumeric: "tabular-nums" }}
        title={t("terminal.tree.onlineOfTotal", { online, total })}
      >
        {online}/{total}
      </Typography.Text>
    </span>
  );
}
