import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { BRAND_IMAGE_MAX_BYTES, type BrandImageKind } from "@marquee/contracts";
import { App, Button, Space, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HttpError } from "../../services/http";
import { brandApi } from "./api";
import { readAsDataUrl } from "./logic";

const ACCEPT: Record<BrandImageKind, string> = {
  logo: "image/png,image/jpeg,image/gif,image/webp",
  favicon: "image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/vnd.microsoft.icon,.ico",
  loginBackground: "image/png,image/jpeg,image/gif,image/webp",
};

interface Props {
  kind: BrandImageKind;
  officeId: number;
  disabled: boolean;
  /** What shows while the tenant has none of its own. */
  inherited?: string;
  value?: string;
  onChange?: (url: string) => void;
}

/**
 * A brand image: uploaded at once (the server checks its bytes and answers
 * its address), saved with the form. Empty: the inherited image applies.
 */
export function ImageField({ kind, officeId, disabled, inherited, value, onChange }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const max = BRAND_IMAGE_MAX_BYTES[kind];
  const shown = value || inherited;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > max) {
      void message.error(t("brand.imageTooLarge", { max: max / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const r = await brandApi.uploadImage(officeId, kind, await readAsDataUrl(file));
      onChange?.(r.url);
      void message.success(t("brand.uploaded"));
    } catch (err) {
      void message.error(
        err instanceof HttpError ? (err.fieldErrors[0]?.message ?? err.message) : String(err),
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <Space align="center" wrap>
      <div
        style={{
          width: kind === "loginBackground" ? 120 : 64,
          height: 64,
          border: "1px dashed #d9d9d9",
          borderRadius: 6,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "#fafafa",
          overflow: "hidden",
        }}
      >
        {shown ? (
          <img
            src={shown}
            alt={t(`brand.fields.${kind}`)}
            style={{
              maxWidth: "100%",
              maxHeight: "100%",
              objectFit: kind === "loginBackground" ? "cover" : "contain",
              opacity: value ? 1 : 0.5,
            }}
            data-testid={`brand-image-${kind}`}
          />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT[kind]}
        style={{ display: "none" }}
        disabled={disabled}
        onChange={(e) => void onFile(e.target.files?.[0])}
        data-testid={`brand-upload-${kind}`}
      />
      <Button
        icon={<UploadOutlined />}
        loading={busy}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {t("brand.upload")}
      </Button>
      {value && (
        <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.("")}>
          {t("brand.clearImage")}
        </Button>
      )}
      <Typography.Text type="secondary">
        {t(kind === "favicon" ? "brand.faviconHelp" : "brand.imageHelp", { max: max / 1024 })}
        {!value && inherited ? ` ${t("brand.inheritedImage")}` : ""}
      </Typography.Text>
    </Space>
  );
}
