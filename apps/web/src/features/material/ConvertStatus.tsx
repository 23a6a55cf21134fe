import { ReloadOutlined } from "@ant-design/icons";
import type { Material } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Progress, Space, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { materialApi } from "./api";
import { MATERIAL_ROUTE_PERMISSION } from "./permissions";

/** A video's transcoding: a progress bar while queued or running; the reason and Retry when it failed. */
export function ConvertStatus({ material }: { material: Material }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan("content:material:edit", MATERIAL_ROUTE_PERMISSION);
  const [busy, setBusy] = useState(false);
  const { convertState, convertProgress, convertError } = material;

  if (convertState === "queued" || convertState === "running") {
    const percent = convertState === "queued" ? 0 : Math.round(convertProgress);
    return (
      <Tooltip
        title={convertState === "queued" ? t("material.convert.queued") : t("material.convert.running")}
      >
        <Progress
          data-testid="material-convert-progress"
          percent={percent}
          size="small"
          status="active"
          style={{ margin: 0, minWidth: 100 }}
        />
      </Tooltip>
    );
  }
  if (convertState !== "failed") return null;

  const retry = async () => {
    setBusy(true);
    try {
      await materialApi.retryConvert([material.id]);
      void message.success(t("material.convert.retried"));
      await queryClient.invalidateQueries({ queryKey: ["material", "list"] });
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4} wrap data-testid="material-convert-failed">
      <Tooltip title={convertError ?? undefined}>
        <Typography.Text type="danger" ellipsis style={{ maxWidth: 200 }}>
          {t("material.convert.failed")}
          {convertError ? `: ${convertError}` : ""}
        </Typography.Text>
      </Tooltip>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={busy}
        disabled={!canEdit}
        onClick={(e) => {
          e.stopPropagation();
          void retry();
        }}
        data-testid="material-convert-retry"
      >
        {t("material.convert.retry")}
      </Button>
    </Space>
  );
}
