import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import type { WidgetTypeInfo } from "@marquee/contracts";
import { App, Space } from "antd";
import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { HttpError } from "../../services/http";
import { widgetApi } from "../program/api";
import { WIDGET_PERMISSIONS } from "./permissions";
import { checkWidgetImage, WIDGET_IMAGE_MAX_BYTES, WIDGET_IMAGE_TYPES } from "./rules";
import { uploadWidgetImage } from "./upload";

/** A type's own palette image: upload one (the widget-image upload), or go back to the catalogue icon. */
export function WidgetImage({ info, onChanged }: { info: WidgetTypeInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);

  const failed = (err: unknown) => {
    if (err instanceof HttpError && err.message === "logout") return;
    void message.error(err instanceof Error ? err.message : String(err));
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const refusal = checkWidgetImage(file);
    if (refusal) {
      void message.error(t(`widget.image.${refusal}`, { max: WIDGET_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy("upload");
    try {
      const material = await uploadWidgetImage(file).catch((err: unknown) => {
        failed(err);
        return null;
      });
      if (!material) return;
      await widgetApi.save({ type: info.type, iconMaterialId: material.id });
      void message.success(t("widget.image.done"));
      onChanged();
    } catch {
      // the http client has shown why the save failed
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy("remove");
    try {
      await widgetApi.save({ type: info.type, iconMaterialId: null });
      void message.success(t("widget.image.removed"));
      onChanged();
    } catch {
      // the http client has shown why
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space size={4} wrap>
      <AuthButton
        size="small"
        operation={WIDGET_PERMISSIONS.edit}
        routePermission={WIDGET_PERMISSIONS.view}
        label={t("widget.image.upload")}
        icon={<UploadOutlined />}
        loading={busy === "upload"}
        disabled={busy !== null}
        onClick={() => input.current?.click()}
        data-testid="widget-image-upload"
      />
      <input
        ref={input}
        type="file"
        accept={WIDGET_IMAGE_TYPES.join(",")}
        hidden
        onChange={(e) => void choose(e)}
        data-testid="widget-image-file"
      />
      {info.iconMaterialId !== null && (
        <AuthButton
          size="small"
          operation={WIDGET_PERMISSIONS.edit}
          routePermission={WIDGET_PERMISSIONS.view}
          label={t("widget.image.remove")}
          icon={<DeleteOutlined />}
          loading={busy === "remove"}
          disabled={busy !== null}
          onClick={() => void remove()}
          data-testid="widget-image-remove"
        />
      )}
    </Space>
  );
}
