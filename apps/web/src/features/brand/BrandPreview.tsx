import { UserOutlined } from "@ant-design/icons";
import { Avatar, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { sanitizeSimpleHtml } from "../../components/html";
import type { Brand } from "../../config/brands";

/** The header and the sign-in page as a brand makes them look, drawn small. */
export function BrandPreview({ brand, systemName }: { brand: Brand; systemName: string }) {
  const { t } = useTranslation();
  const title = brand.title === "default" ? systemName : brand.title;
  const color = brand.themeColor ?? "#1677ff";
  const footer = (
    <div style={{ fontSize: 11, textAlign: "center", marginTop: 8 }}>
      {brand.linkList.length > 0 && (
        <div>
          {brand.linkList.map((l) => (
            <span key={`${l.name} ${l.link}`} style={{ margin: "0 4px", textDecoration: "underline" }}>
              {l.name}
            </span>
          ))}
        </div>
      )}
      <div>
        {brand.copyRight}
        {brand.filing.text && (
          <span style={{ marginLeft: 6, textDecoration: brand.filing.link ? "underline" : undefined }}>
            {brand.filing.text}
          </span>
        )}
      </div>
      {brand.customContent && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify, as in the real footer
        <div dangerouslySetInnerHTML={{ __html: sanitizeSimpleHtml(brand.customContent) }} />
      )}
    </div>
  );

  return (
    <div data-testid="brand-preview">
      <Typography.Text strong>{t("brand.previewHeader")}</Typography.Text>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          gap: 8,
          height: 48,
          padding: "0 12px",
          margin: "8px 0 16px",
          background: "#001529",
          color: "#fff",
          borderBottom: `3px solid ${color}`,
          borderRadius: 6,
        }}
        data-testid="brand-preview-header"
      >
        {brand.showLogo && (
          <img src={brand.logo} alt="" style={{ height: 28, maxWidth: 120, objectFit: "contain" }} />
        )}
        {brand.textStart && <span style={{ fontWeight: 600 }}>{title}</span>}
        <span style={{ marginLeft: "auto" }}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: color }} />
        </span>
      </div>
      <Typography.Text strong>{t("brand.previewLogin")}</Typography.Text>
      <div
        style={{
          marginTop: 8,
          padding: "20px 12px 12px",
          borderRadius: 6,
          color: "#fff",
          background: brand.loginBackground
            ? `#0f2744 url("${encodeURI(brand.loginBackground)}") center / cover no-repeat`
            : `linear-gradient(135deg,#0f2744,${brand.themeColor ?? "#1d4f8a"})`,
        }}
        data-testid="brand-preview-login"
      >
        <div
          style={{
            width: 200,
            margin: "0 auto",
            padding: 12,
            background: "#fff",
            color: "#000",
            borderRadius: 6,
            textAlign: "center",
          }}
        >
          {brand.showLogo && (
            <img src={brand.logo} alt="" style={{ height: 32, maxWidth: 160, objectFit: "contain" }} />
          )}
          <div style={{ fontWeight: 600, fontSize: 15 }}>{title}</div>
          {brand.tag && brand.tag !== title && <div style={{ fontSize: 12, color: "#555" }}>{brand.tag}</div>}
          <div style={{ height: 14, margin: "8px 0 4px", background: "#f0f0f0", borderRadius: 3 }} />
          <div style={{ height: 14, marginBottom: 8, background: "#f0f0f0", borderRadius: 3 }} />
          <div style={{ height: 20, background: color, borderRadius: 3 }} />
        </div>
        {footer}
      </div>
    </div>
  );
}
