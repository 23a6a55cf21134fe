import { LockOutlined } from "@ant-design/icons";
import { App, Dropdown, type MenuProps, Tabs } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { PageRoute } from "../router/routes";
import { type Tab, useTabs } from "../stores/tabs";

/** The location path without a trailing slash, as page paths are written. */
const normalise = (pathname: string) => pathname.replace(/\/+$/, "") || "/";

type MenuKey = "refresh" | "closeLeft" | "closeRight" | "closeOthers" | "lock";

/** The multi-tab bar (spec §2): switch, close, lock and the right-click menu. */
export function MultiTab({ pages }: { pages: PageRoute[] }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const current = normalise(useLocation().pathname);
  const tabs = useTabs((s) => s.tabs);
  // The server's title first (menu management may have renamed the entry), as the side menu does.
  const title = (tab: Tab) => {
    const server = pages.find((p) => p.path === tab.path)?.titles?.[i18n.language];
    return server || t(`routes.${tab.name}`, { defaultValue: tab.name });
  };

  const closeTab = (path: string) => {
    const before = useTabs.getState().tabs;
    const index = before.findIndex((tab) => tab.path === path);
    if (!useTabs.getState().close(path)) {
      void message.warning(t("layout.tabs.lastPage"));
      return;
    }
    if (path !== current) return;
    const after = useTabs.getState().tabs;
    const neighbour = after[Math.min(Math.max(index, 0), after.length - 1)];
    if (neighbour) navigate(neighbour.path);
  };

  const onMenu = (tab: Tab, key: MenuKey) => {
    const store = useTabs.getState();
    if (key === "refresh") {
      if (tab.path !== current) navigate(tab.path);
      store.refresh();
      return;
    }
    if (key === "lock") {
      store.toggleLock(tab.path);
      return;
    }
    const hadCurrent = store.tabs.some((x) => x.path === current);
    store[key](tab.path);
    const stillThere = useTabs.getState().tabs.some((x) => x.path === current);
    if (hadCurrent && !stillThere) navigate(tab.path);
  };

  const menuFor = (tab: Tab, index: number): MenuProps["items"] => {
    const left = tabs.slice(0, index).some((x) => !x.locked);
    const right = tabs.slice(index + 1).some((x) => !x.locked);
    const others = tabs.some((x, j) => j !== index && !x.locked);
    const item = (key: MenuKey, label: string, disabled = false) => ({
      key,
      disabled,
      label: <span data-testid={`tab-menu-${key}`}>{label}</span>,
    });
    return [
      item("refresh", t("layout.tabs.refresh")),
      item("closeLeft", t("layout.tabs.closeLeft"), !left),
      item("closeRight", t("layout.tabs.closeRight"), !right),
      item("closeOthers", t("layout.tabs.closeOthers"), !others),
      item("lock", tab.locked ? t("layout.tabs.unlock") : t("layout.tabs.lock")),
    ];
  };

  return (
    <Tabs
      data-testid="multi-tab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={current}
      onChange={(path) => navigate(path)}
      onEdit={(key, action) => {
        if (action === "remove" && typeof key === "string") closeTab(key);
      }}
      style={{ marginBottom: 0 }}
      items={tabs.map((tab, index) => ({
        key: tab.path,
        closable: !tab.locked,
        label: (
          <Dropdown
            trigger={["contextMenu"]}
            menu={{ items: menuFor(tab, index), onClick: ({ key }) => onMenu(tab, key as MenuKey) }}
          >
            <span data-testid={`tab-${tab.path}`}>
              {tab.locked && <LockOutlined style={{ marginInlineEnd: 4 }} />}
              {title(tab)}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}

/** Opens a tab for every location change to a known page (the layout calls it). */
export function useOpenTab(pages: PageRoute[]) {
  const pathname = normalise(useLocation().pathname);
  const open = useTabs((s) => s.open);
  useEffect(() => {
    const page = pages.find((p) => p.path === pathname);
    if (page) open({ path: page.path, name: page.name });
  }, [pathname, pages, open]);
}
