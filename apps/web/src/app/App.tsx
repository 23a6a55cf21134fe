import type { Locale } from "@marquee/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider, theme } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter } from "react-router";
import { primaryColor } from "../config/brands";
import { DEFAULT_SETTINGS } from "../config/settings";
import { useBrand } from "../layouts/useBrand";
import { useSettings } from "../stores/settings";
import { AppRoutes } from "./AppRoutes";
import { ANTD_LOCALES, applyLocale } from "./locale";
import { useReducedMotion } from "./useReducedMotion";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Providers: data, theme (mode, colour, colour-weak, reduced motion), language (antd + dayjs + i18next), router. */
export function App() {
  const { i18n } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const locale = i18n.language as Locale;
  // A tenant's theme colour applies until the user picks their own in the settings drawer.
  const brandColor = useBrand().themeColor;
  const color = primaryColor(settings.theme.color, DEFAULT_SETTINGS.theme.color, brandColor);
  const reducedMotion = useReducedMotion();
  useEffect(() => applyLocale(locale), [locale]);
  useEffect(() => {
    document.documentElement.classList.toggle("colour-weak", settings.weekMode);
    document.documentElement.style.setProperty("--marquee-primary", color);
  }, [settings.weekMode, color]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALES[locale] ?? ANTD_LOCALES.zh_CN}
        theme={{
          zeroRuntime: true,
          algorithm: settings.theme.mode === "night" ? theme.darkAlgorithm : theme.defaultAlgorithm,
          token: {
            colorPrimary: color,
            colorSuccess: settings.theme.success,
            colorWarning: settings.theme.warning,
            colorError: settings.theme.error,
            motion: !reducedMotion,
          },
        }}
        wave={{ disabled: reducedMotion }}
      >
        <AntApp style={{ height: "100%" }}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
