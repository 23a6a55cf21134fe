import { VERSION } from "@marquee/contracts";
import { useTranslation } from "react-i18next";
import { sanitizeSimpleHtml } from "../components/html";
import { useBrand } from "./useBrand";

/** Copyright, filing link, the brand's links and custom HTML (sanitised), and the version (spec §1). */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <footer className="marquee-footer" data-testid="footer">
      {brand.linkList.length > 0 && (
        <div>
          {brand.linkList.map((l) => (
            <a key={`${l.name} ${l.link}`} href={l.link} target="_blank" rel="noopener noreferrer">
              {l.name}
            </a>
          ))}
        </div>
      )}
      <div>
        <span>{brand.copyRight}</span>
        {brand.filing.text &&
          (brand.filing.link ? (
            <a
              href={brand.filing.link}
              target="_blank"
              rel="noopener noreferrer"
              title={t("layout.filing")}
              style={{ marginLeft: 8 }}
              data-testid="footer-filing"
            >
              {brand.filing.text}
            </a>
          ) : (
            <span title={t("layout.filing")} style={{ marginLeft: 8 }} data-testid="footer-filing">
              {brand.filing.text}
            </span>
          ))}
        <span style={{ marginLeft: 8 }} data-testid="footer-version">
          {VERSION}
        </span>
      </div>
      {brand.customContent && (
        <div data-testid="footer-html">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the brand's footer HTML, sanitised by DOMPurify first */}
          <div dangerouslySetInnerHTML={{ __html: sanitizeSimpleHtml(brand.customContent) }} />
        </div>
      )}
    </footer>
  );
}
