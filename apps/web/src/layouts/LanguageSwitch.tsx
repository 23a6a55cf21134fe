import { TranslationOutlined } from "@ant-design/icons";
import { LOCALES, type Locale } from "@marquee/contracts";
import { Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { writeLocaleCookie } from "../locales";
import { useSettings } from "../stores/settings";

/** The header's language switch: the `language` cookie (read by the server too) and the saved setting. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const choose = (locale: Locale) => {
    writeLocaleCookie(locale);
    void i18n.changeLanguage(locale);
    useSettings.getState().update({ lang: locale });
  };
  return (
    <Dropdown
      menu={{
        selectedKeys: [i18n.language],
        items: LOCALES.map((l) => ({
          key: l,
          label: t(`common.languages.${l}`),
          "data-testid": `lang-${l}`,
        })),
        onClick: ({ key }) => choose(key as Locale),
      }}
    >
      <span data-testid="language-switch" title={t("layout.language")}>
        <TranslationOutlined style={{ fontSize: 18 }} />
      </span>
    </Dropdown>
  );
}
