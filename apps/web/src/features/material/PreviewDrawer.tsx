import { ExportOutlined, UploadOutlined } from "@ant-design/icons";
import { formatSize, type Material } from "@marquee/contracts";
import { useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Descriptions,
  type DescriptionsProps,
  Drawer,
  Image,
  Space,
  Typography,
  Upload,
} from "antd";
import dayjs from "dayjs";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { fileUrlOf, materialApi } from "./api";
import { formatDimensions, formatDuration, isFileType } from "./format";
import { MATERIAL_ROUTE_PERMISSION } from "./permissions";
import { ReviewTag } from "./ReviewTag";

const FRAME = { width: "100%", height: "65vh", border: 0 } as const;
const withVersion = (url: string, v: number) => (v ? `${url}${url.includes("?") ? "&" : "?"}v=${v}` : url);

/** The material itself: image, players, PDF or web page in a frame, or a stream's address. */
function MediaView({ m, thumbVersion }: { m: Material; thumbVersion: number }) {
  const { t } = useTranslation();
  const src = fileUrlOf(m);
  const poster = m.thumbUrl ? withVersion(m.thumbUrl, thumbVersion) : undefined;
  switch (m.type) {
    case "image":
      return <Image src={src} alt={m.name} style={{ maxHeight: "60vh", objectFit: "contain" }} />;
    case "video":
      return (
        // biome-ignore lint/a11y/useMediaCaption: materials are the customer's own media, without captions
        <video
          controls
          preload="metadata"
          src={src}
          poster={poster}
          style={{ width: "100%", maxHeight: "60vh" }}
        />
      );
    case "audio":
      // biome-ignore lint/a11y/useMediaCaption: materials are the customer's own media, without captions
      return <audio controls preload="metadata" src={src} style={{ width: "100%" }} />;
    case "document":
      return <iframe title={m.name} src={src} style={FRAME} />;
    case "web":
      return m.url ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Typography.Link href={m.url} target="_blank" rel="noopener noreferrer">
            <ExportOutlined /> {t("material.openNew")}
          </Typography.Link>
          <iframe
            title={m.name}
            src={m.url}
            style={FRAME}
            sandbox="allow-scripts allow-forms allow-popups allow-presentation"
            referrerPolicy="no-referrer"
          />
        </Space>
      ) : null;
    case "stream":
      return (
        <Space orientation="vertical">
          <Typography.Paragraph copyable={{ text: m.url ?? "" }} code data-testid="material-stream-url">
            {m.url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t("material.streamHint")}</Typography.Text>
        </Space>
      );
  }
}

/** Preview of one material with its metadata, and "replace thumbnail". */
export function PreviewDrawer({
  material,
  onClose,
  extra,
}: {
  material: Material | null;
  onClose: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCan("content:material:edit", MATERIAL_ROUTE_PERMISSION);
  const [thumbVersion, setThumbVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const m = material;
  const [usedBy, setUsedBy] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    setUsedBy([]);
    if (!m) return;
    let live = true;
    materialApi
      .usedBy(m.id)
      .then((r) => live && setUsedBy(r.usedBy))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [m]);

  const replaceThumb = async (file: File) => {
    if (!m) return;
    if (!file.type.startsWith("image/")) {
      void message.error(t("material.thumbNotImage"));
      return;
    }
    setSending(true);
    try {
      await materialApi.uploadThumb(m.id, file);
      setThumbVersion(Date.now());
      void message.success(t("material.thumbReplaced"));
      void queryClient.invalidateQueries({ queryKey: ["material", "list"] });
    } catch (err) {
      if (err instanceof Error && err.message !== "logout") void message.error(err.message);
    } finally {
      setSending(false);
    }
  };

  const items: DescriptionsProps["items"] = m
    ? [
        { key: "type", label: t("material.type"), children: t(`material.types.${m.type}`) },
        ...(isFileType(m.type)
          ? [{ key: "size", label: t("material.size"), children: formatSize(m.size) }]
          : []),
        { key: "dim", label: t("material.dimensions"), children: formatDimensions(m.width, m.height) || "-" },
        { key: "duration", label: t("material.duration"), children: formatDuration(m.durationMs) || "-" },
        { key: "codec", label: t("material.codec"), children: m.codec ?? "-" },
        { key: "mime", label: t("material.mime"), children: m.mime ?? "-" },
        {
          key: "md5",
          label: "MD5",
          children: m.md5 ? <Typography.Text copyable>{m.md5}</Typography.Text> : "-",
        },
        ...(m.url ? [{ key: "url", label: t("material.url"), children: m.url }] : []),
        { key: "uploader", label: t("material.uploader"), children: m.uploaderName ?? "-" },
        {
          key: "usedBy",
          label: t("material.usedBy"),
          children: usedBy.length ? usedBy.map((u) => u.name).join(", ") : t("material.unused"),
        },
        { key: "review", label: t("material.reviewState"), children: <ReviewTag state={m.reviewState} /> },
        ...(m.reviewNote ? [{ key: "note", label: t("material.reviewNote"), children: m.reviewNote }] : []),
        ...(m.convertError
          ? [{ key: "convert", label: t("material.convert.title"), children: m.convertError }]
          : []),
        {
          key: "date",
          label: t("material.createDate"),
          children: dayjs(m.createDate).format("YYYY-MM-DD HH:mm:ss"),
        },
      ]
    : [];

  return (
    <Drawer
      open={m !== null}
      onClose={onClose}
      size={760}
      title={m?.name}
      destroyOnHidden
      extra={extra}
      afterOpenChange={(open) => !open && setThumbVersion(0)}
    >
      {m && (
        <div data-testid="material-preview-panel" data-type={m.type}>
          <div style={{ textAlign: "center", marginBottom: 16 }}>
            <MediaView m={m} thumbVersion={thumbVersion} />
          </div>
          <Descriptions size="small" bordered column={1} items={items} />
          {isFileType(m.type) && (
            <Space style={{ marginTop: 16 }} align="center">
              {m.thumbUrl && (
                <img
                  src={withVersion(m.thumbUrl, thumbVersion)}
                  alt={t("material.thumbnail")}
                  style={{ height: 48, borderRadius: 4 }}
                />
              )}
              <Upload
                accept="image/*"
                showUploadList={false}
                disabled={!canEdit}
                beforeUpload={(file) => {
                  void replaceThumb(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button
                  icon={<UploadOutlined />}
                  loading={sending}
                  disabled={!canEdit}
                  title={canEdit ? undefined : t("material.noPermission")}
                  data-testid="material-replace-thumb"
                >
                  {t("material.replaceThumb")}
                </Button>
              </Upload>
            </Space>
          )}
        </div>
      )}
    </Drawer>
  );
}
