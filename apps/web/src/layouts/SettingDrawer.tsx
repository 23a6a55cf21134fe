import { CheckOutlined, SettingOutlined } from "@ant-design/icons";
import { Alert, App, Button, Divider, Drawer, Input, Segmented, Select, Space, Switch } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  ANIMATIONS,
  type AnimationName,
  type NavLayout,
  PALETTE,
  type PageWidth,
  type Settings,
  type ThemeMode,
} from "../config/settings";
import { useSettings } from "../stores/settings";

const MODES: readonly ThemeMode[] = ["dark", "light", "night"];
const LAYOUTS: readonly NavLayout[] = ["side", "head", "mix"];
const WIDTHS: readonly PageWidth[] = ["fluid", "fixed"];
const EFFECTS = Object.keys(ANIMATIONS) as AnimationName[];

/** The boolean settings shown as switches, in drawer order, with their test ids. */
const SWITCHES: readonly {
  key:
    | "fixedHeader"
    | "fixedSideBar"
    | "fixedTabs"
    | "weekMode"
    | "multiPage"
    | "cachePage"
    | "hideSetting"
    | "filterMenu";
  testId: string;
}[] = [
  { key: "fixedHeader", testId: "settings-fixed-header" },
  { key: "fixedSideBar", testId: "settings-fixed-sidebar" },
  // the tab bar stays in view while the page scrolls (multi-tab mode)
  { key: "fixedTabs", testId: "settings-fixed-tabs" },
  { key: "weekMode", testId: "settings-weekmode" },
  { key: "multiPage", testId: "settings-multipage" },
  // the pages of the open tabs stay alive, with their state, while another is shown (multi-tab mode)
  { key: "cachePage", testId: "settings-cache-page" },
  { key: "hideSetting", testId: "settings-hide-setting" },
  { key: "filterMenu", testId: "settings-filter-menu" },
];

/** One labelled row of the drawer: label on the left, control on the right. */
function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: 12,
        marginBottom: 12,
      }}
    >
      <span>{label}</span>
      {children}
    </div>
  );
}

/** The page-settings drawer (spec §2): theme, layout, switches and page animation, applied at once. */
export function SettingDrawer() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const settings = useSettings((s) => s.settings);
  const outdated = useSettings((s) => s.outdated);
  const drawerOpen = useSettings((s) => s.drawerOpen);
  const update = useSettings((s) => s.update);
  const save = useSettings((s) => s.save);
  const reset = useSettings((s) => s.reset);
  const setDrawerOpen = useSettings((s) => s.setDrawerOpen);

  const directions: readonly string[] = ANIMATIONS[settings.animate.name];

  const onSave = () => {
    save();
    void message.success(t("settings.saved"));
  };

  const onReset = () => {
    modal.confirm({
      title: t("settings.resetConfirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      onOk: () => reset(),
    });
  };

  const onCopy = async () => {
    const json = JSON.stringify(useSettings.getState().settings, null, 2);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("clipboard unavailable");
      await navigator.clipboard.writeText(json);
      void message.success(t("settings.copied"));
    } catch {
      // No clipboard (insecure context, denied permission): show the JSON to copy by hand.
      modal.info({
        title: t("settings.copy"),
        okText: t("common.close"),
        width: 560,
        content: <Input.TextArea readOnly value={json} autoSize={{ minRows: 6, maxRows: 20 }} />,
      });
    }
  };

  const setEffect = (name: AnimationName) => {
    update({ animate: { ...settings.animate, name, direction: ANIMATIONS[name][0] } });
  };

  return (
    <Drawer
      data-testid="settings-drawer"
      title={t("settings.title")}
      placement="right"
      size={380}
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      footer={
        <Space wrap>
          <Button type="primary" data-testid="settings-save" onClick={onSave}>
            {t("settings.save")}
          </Button>
          <Button danger data-testid="settings-reset" onClick={onReset}>
            {t("settings.reset")}
          </Button>
          <Button data-testid="settings-copy" onClick={() => void onCopy()}>
            {t("settings.copy")}
          </Button>
        </Space>
      }
    >
      {outdated && (
        <Alert
          type="warning"
          showIcon
          title={t("settings.outdated")}
          style={{ marginBottom: 16 }}
          data-testid="settings-outdated"
        />
      )}

      <Divider titlePlacement="start">{t("settings.themeMode")}</Divider>
      <Segmented<ThemeMode>
        block
        value={settings.theme.mode}
        onChange={(mode) => update({ theme: { ...settings.theme, mode } })}
        options={MODES.map((mode) => ({
          value: mode,
          label: <span data-testid={`settings-mode-${mode}`}>{t(`settings.modes.${mode}`)}</span>,
        }))}
      />

      <Divider titlePlacement="start">{t("settings.themeColor")}</Divider>
      <Space wrap size={8}>
        {PALETTE.map((color) => {
          const selected = settings.theme.color.toLowerCase() === color;
          return (
            <button
              key={color}
              type="button"
              aria-label={color}
              aria-pressed={selected}
              title={color}
              data-testid={`settings-color-${color.slice(1)}`}
              onClick={() => update({ theme: { ...settings.theme, color } })}
              style={{
                width: 24,
                height: 24,
                padding: 0,
                border: "none",
                borderRadius: 4,
                background: color,
                color: "#fff",
                cursor: "pointer",
                display: "inline-flex",
                alignItems: "center",
                justifyContent: "center",
              }}
            >
              {selected && <CheckOutlined />}
            </button>
          );
        })}
      </Space>

      <Divider titlePlacement="start">{t("settings.navLayout")}</Divider>
      <Segmented<NavLayout>
        block
        value={settings.layout}
        onChange={(layout) => update({ layout })}
        options={LAYOUTS.map((layout) => ({
          value: layout,
          label: <span data-testid={`settings-layout-${layout}`}>{t(`settings.layouts.${layout}`)}</span>,
        }))}
      />

      <Divider titlePlacement="start">{t("settings.pageWidth")}</Divider>
      <Segmented<PageWidth>
        block
        value={settings.pageWidth}
        onChange={(pageWidth) => update({ pageWidth })}
        options={WIDTHS.map((width) => ({
          value: width,
          label: <span data-testid={`settings-width-${width}`}>{t(`settings.widths.${width}`)}</span>,
        }))}
      />

      <Divider />
      {SWITCHES.map(({ key, testId }) => (
        <Row key={key} label={t(`settings.${key}`)}>
          <Switch
            data-testid={testId}
            checked={settings[key]}
            onChange={(checked) => update({ [key]: checked } as Partial<Settings>)}
          />
        </Row>
      ))}

      <Divider titlePlacement="start">{t("settings.animation")}</Divider>
      <Row label={t("settings.disableAnimation")}>
        <Switch
          data-testid="settings-animation-disabled"
          checked={settings.animate.disabled}
          onChange={(disabled) => update({ animate: { ...settings.animate, disabled } })}
        />
      </Row>
      <Row label={t("settings.effect")}>
        <Select<AnimationName>
          data-testid="settings-animation-effect"
          style={{ width: 160 }}
          disabled={settings.animate.disabled}
          value={settings.animate.name}
          onChange={setEffect}
          options={EFFECTS.map((name) => ({ value: name, label: t(`settings.effects.${name}`) }))}
        />
      </Row>
      <Row label={t("settings.direction")}>
        <Select<string>
          data-testid="settings-animation-direction"
          style={{ width: 160 }}
          disabled={settings.animate.disabled}
          value={settings.animate.direction}
          onChange={(direction) => update({ animate: { ...settings.animate, direction } })}
          options={directions.map((dir) => ({ value: dir, label: t(`settings.directions.${dir}`) }))}
        />
      </Row>
    </Drawer>
  );
}

/** The floating button at the right edge that opens the settings drawer; hidden by `hideSetting`. */
export function SettingButton() {
  const { t } = useTranslation();
  const hidden = useSettings((s) => s.settings.hideSetting);
  const setDrawerOpen = useSettings((s) => s.setDrawerOpen);
  if (hidden) return null;
  return (
    <Button
      type="primary"
      icon={<SettingOutlined />}
      data-testid="settings-button"
      title={t("layout.settings")}
      aria-label={t("layout.settings")}
      onClick={() => setDrawerOpen(true)}
      style={{
        position: "fixed",
        right: 0,
        top: "50%",
        transform: "translateY(-50%)",
        zIndex: 999,
        borderRadius: "6px 0 0 6px",
      }}
    />
  );
}
