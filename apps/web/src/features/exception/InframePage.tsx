import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

/** The embedded-frame page (spec §2 /inframe): shows the same-origin or http(s) page named by `?src=`. */
export default function InframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get("src") ?? "";
  // Same-origin paths and web addresses only (menu management's links are http or https).
  const safe = (src.startsWith("/") && !src.startsWith("//")) || /^https?:\/\//.test(src);
  if (!src || !safe) return <Empty style={{ marginTop: 80 }} description={t("exception.inframeMissing")} />;
  return (
    <iframe
      title={t("exception.inframe")}
      src={src}
      style={{ border: 0, width: "100%", height: "100vh", display: "block" }}
    />
  );
}
