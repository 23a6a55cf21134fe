import { CloseOutlined, FolderOpenOutlined } from "@ant-design/icons";
import type { Material } from "@marquee/contracts";
import type { MediaKind } from "@marquee/program";
import { Button, Space, Tooltip, Typography, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MaterialThumb } from "../../features/material/MaterialThumb";
import { useEditor } from "../store";
import { MaterialPicker } from "./MaterialPicker";

/** A material's thumbnail and name as the editor knows it, or its id when the library no longer lists it. */
export function MaterialLabel({ id, size = 40 }: { id: number; size?: number }) {
  const { t } = useTranslation();
  const material = useEditor((s) => s.materials[id]);
  const { token } = theme.useToken();
  return (
    <Space size={8} style={{ minWidth: 0 }}>
      {material ? (
        <MaterialThumb material={material} size={size} />
      ) : (
        <div style={{ width: size, height: size, background: token.colorFillTertiary, borderRadius: 4 }} />
      )}
      <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 120, fontSize: 12 }}>
        {material ? material.name : t("editorPanels.material.unknown", { id })}
      </Typography.Text>
    </Space>
  );
}

/** One material of a type: its thumbnail and name, a button to choose another, one to remove it. */
export function MaterialField({
  kind,
  value,
  onChange,
}: {
  kind: MediaKind;
  value: number | null;
  onChange: (material: Material | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 4, minWidth: 0 }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        {value === null ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("editorPanels.material.none")}
          </Typography.Text>
        ) : (
          <MaterialLabel id={value} />
        )}
      </div>
      <Tooltip title={t("editorPanels.material.choose")}>
        <Button
          size="small"
          icon={<FolderOpenOutlined />}
          aria-label={t("editorPanels.material.choose")}
          data-testid="material-choose"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {value !== null && (
        <Tooltip title={t("editorPanels.material.clear")}>
          <Button
            size="small"
            icon={<CloseOutlined />}
            aria-label={t("editorPanels.material.clear")}
            onClick={() => onChange(null)}
          />
        </Tooltip>
      )}
      <MaterialPicker
        open={open}
        type={kind}
        onClose={() => setOpen(false)}
        onConfirm={(list) => onChange(list[0] ?? null)}
      />
    </div>
  );
}
