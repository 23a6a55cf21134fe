import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Drawer, Dropdown, Grid, Layout, Menu, theme } from "antd";
import { lazy, type ReactElement, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { levelAllows } from "../access/authority";
import { AlarmBell } from "../features/alarm/AlarmBell";
import { flushPageViews } from "../features/behavior/beacon";
import { openMenuLink } from "../features/menu/links";
import { NoticeBell } from "../features/message/NoticeBell";
import { useAnnouncement } from "../features/message/useAnnouncement";
import { usePaymentMenu } from "../features/pay/paymentSwitch";
import { CurrentPage } from "../router/currentPage";
import { BeingBuilt, pageOf, SHARED_SCREENS } from "../router/registry";
import { absolute, flattenRoutes, type PageRoute } from "../router/routes";
import { sessionApi } from "../services/session";
import { useSession } from "../stores/session";
import { useSettings } from "../stores/settings";
import { useTabs } from "../stores/tabs";
import { Footer } from "./Footer";
import { LanguageSwitch } from "./LanguageSwitch";
import { MultiTab, useOpenTab } from "./MultiTab";
import { buildMenu } from "./menu";
import { PageAnimation } from "./PageAnimation";
import { PageHost } from "./PageHost";
import { SettingButton, SettingDrawer } from "./SettingDrawer";
import { useBrand, useBrandFavicon } from "./useBrand";

const MenuLinkPage = lazy(() => import("../features/menu/LinkPage"));

/** Sidebar widths (spec §9). */
export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED = 80;
/** Below this width the sidebar becomes a drawer (spec §9: 767.99 px). */
export const MOBILE_MAX = 767.99;
/** The header's height (antd's Layout.Header): a fixed tab bar sticks under it. */
const HEADER_HEIGHT = 64;

/** What the page area keeps a page under: its shared screen (SHARED_SCREENS), else its own path. */
function screenKeyOf(page: PageRoute): string {
  const shared = SHARED_SCREENS[page.component ?? page.name];
  return shared ? `screen:${shared}` : page.path;
}

/** The main layout: side, head or mix navigation, header, tabs, the page, footer (spec §2). */
export default function AdminLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const brand = useBrand();
  const { token } = theme.useToken();
  const settings = useSettings((s) => s.settings);
  const { user, permissions, roles, routesConfig } = useSession();
  const tabs = useTabs((s) => s.tabs);
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const screens = Grid.useBreakpoint();
  const mobile = typeof window !== "undefined" && window.innerWidth <= MOBILE_MAX && !screens.md;
  const pages = useMemo(() => flattenRoutes(routesConfig), [routesConfig]);
  const page = pages.find((p) => p.path === location.pathname);
  useOpenTab(pages);
  useAnnouncement();

  const title = page
    ? page.titles?.[i18n.language] || t(`routes.${page.name}`, { defaultValue: page.name })
    : "";
  useEffect(() => {
    document.title = title ? `Admin | ${title}` : "Admin";
  }, [title]);
  useBrandFavicon(brand);

  const access = { filter: settings.filterMenu, permissions, roles };
  // Paid services stay out of the menu before the payment switch time (the server refuses buyers anyway).
  const menuRoutes = usePaymentMenu(routesConfig);
  const layout = mobile ? "side" : settings.layout;
  const topKey = page ? absolute(routesConfig.find((n) => n.name === page.trail[0])?.path ?? "") : "";
  const mixChildren = menuRoutes.find((n) => absolute(n.path) === topKey)?.children ?? [];
  const sideItems = layout === "mix" ? buildMenu(mixChildren, t, access) : buildMenu(menuRoutes, t, access);
  const topItems =
    layout === "head" ? buildMenu(menuRoutes, t, access) : buildMenu(menuRoutes, t, access, [], 1);
  const dark = settings.theme.mode !== "light";
  const menuTheme = dark ? "dark" : "light";
  const openKeys = page
    ? page.trail.slice(0, -1).map((name) => absolute(pages.find((p) => p.name === name)?.path ?? name))
    : [];
  const onMenu = ({ key }: { key: string }) => {
    setMobileOpen(false);
    if (key.startsWith("group:")) {
      const group = routesConfig.find((n) => n.name === key.slice(6));
      if (group) navigate(absolute(group.path));
    } else {
      // An entry with an external link opens it (a new tab, or /inframe) instead of a page.
      const target = pages.find((p) => p.path === key);
      if (target?.link) openMenuLink(target.link, target.frame === true, navigate);
      else navigate(key);
    }
  };

  const signOut = async () => {
    // Page views go while the session still takes them: after the logout the server answers 401.
    flushPageViews();
    await sessionApi.logout().catch(() => undefined);
    useSession.getState().clear();
    navigate("/login");
  };

  const logo = (
    <Link
      to="/home"
      className="marquee-logo"
      style={{ color: dark && layout !== "head" ? "#fff" : token.colorText }}
    >
      {brand.showLogo && <img src={brand.logo} alt="" data-testid="header-logo" />}
      {(!collapsed || layout !== "side") && brand.textStart && (
        <span data-testid="header-title">
          {brand.title === "default" ? settings.systemName : brand.title}
        </span>
      )}
    </Link>
  );
  const sideMenu = (
    <Menu
      mode="inline"
      theme={menuTheme}
      items={sideItems}
      selectedKeys={[location.pathname]}
      defaultOpenKeys={openKeys}
      onClick={onMenu}
      data-testid="side-menu"
    />
  );

  let content: ReactElement | null;
  // Signed out (the session ended or ran out): the layout stays on screen only until the page it is
  // leaving for (/logout, /login) is shown; its routes are gone with the session, which is no 404.
  if (!user) content = null;
  else if (!page) content = <Navigate to="/404" replace />;
  else if (!page.chain.every((a) => levelAllows(a, permissions, roles)))
    content = <Navigate to="/403" replace />;
  else if (page.link) content = <MenuLinkPage title={title} link={page.link} frame={page.frame === true} />;
  else {
    const Page = pageOf(page);
    content = <CurrentPage value={page}>{Page ? <Page /> : <BeingBuilt name={page.name} />}</CurrentPage>;
  }
  const screenKey = page ? screenKeyOf(page) : location.pathname;
  // Multi-tab with cachePage keeps the pages of the open tabs alive (spec §3 local settings).
  const keep = useMemo(() => {
    if (!settings.multiPage || !settings.cachePage) return null;
    return tabs.map((tab) => {
      const tabPage = pages.find((p) => p.path === tab.path);
      return tabPage ? screenKeyOf(tabPage) : tab.path;
    });
  }, [settings.multiPage, settings.cachePage, tabs, pages]);

  return (
    <Layout style={{ minHeight: "100%" }}>
      {layout !== "head" && !mobile && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED}
          collapsed={collapsed}
          theme={menuTheme}
          style={
            settings.fixedSideBar
              ? { position: "sticky", top: 0, height: "100vh", overflow: "auto" }
              : undefined
          }
          data-testid="sider"
        >
          {layout === "side" && logo}
          {sideMenu}
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer
          open={mobileOpen}
          placement="left"
          size={SIDER_WIDTH}
          closable={false}
          onClose={() => setMobileOpen(false)}
          styles={{ body: { padding: 0, background: dark ? "#001529" : token.colorBgContainer } }}
        >
          {logo}
          {sideMenu}
        </Drawer>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: "flex",
            alignItems: "center",
            padding: "0 12px 0 0",
            background:
              layout === "side" ? token.colorBgContainer : dark ? "#001529" : token.colorBgContainer,
            color: layout === "side" || !dark ? token.colorText : "#fff",
            position: settings.fixedHeader ? "sticky" : "static",
            top: 0,
            height: HEADER_HEIGHT,
            zIndex: 10,
          }}
          data-testid="header"
        >
          {layout !== "side" && !mobile && logo}
          {(layout === "side" || mobile) && (
            <Button
              type="text"
              style={{ margin: "0 12px", fontSize: 18 }}
              onClick={() => (mobile ? setMobileOpen(true) : setCollapsed(!collapsed))}
              title={collapsed ? t("layout.expand") : t("layout.collapse")}
              data-testid="collapse"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            />
          )}
          {layout !== "side" && !mobile && (
            <Menu
              mode="horizontal"
              theme={menuTheme}
              items={topItems}
              selectedKeys={[topKey, location.pathname]}
              onClick={onMenu}
              style={{ flex: 1, minWidth: 0, background: "transparent" }}
              data-testid="top-menu"
            />
          )}
          <div className="marquee-header-actions">
            {permissions.some(
              (p) => (typeof p === "string" ? p : p.id) === "sys:messageNotification:view" || p === "*",
            ) && <NoticeBell />}
            {permissions.some(
              (p) => (typeof p === "string" ? p : p.id) === "terminal:alarm:view" || p === "*",
            ) && <AlarmBell />}
            <Dropdown
              menu={{
                items: [
                  {
                    key: "personal",
                    icon: <UserOutlined />,
                    label: <span data-testid="avatar-personal">{t("layout.personalCenter")}</span>,
                    onClick: () => navigate("/personalCenter"),
                  },
                  {
                    key: "logout",
                    icon: <LogoutOutlined />,
                    label: <span data-testid="avatar-sign-out">{t("layout.signOut")}</span>,
                    onClick: () => void signOut(),
                  },
                ],
              }}
            >
              <span data-testid="avatar-menu">
                <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
                <span style={{ marginLeft: 8 }}>{user?.name}</span>
              </span>
            </Dropdown>
            <LanguageSwitch />
          </div>
        </Layout.Header>
        {settings.multiPage && (
          <div
            style={
              // fixedTabs: the tab bar stays in view under the header (or at the top) while the page scrolls
              settings.fixedTabs
                ? {
                    position: "sticky",
                    top: settings.fixedHeader ? HEADER_HEIGHT : 0,
                    zIndex: 9,
                    background: token.colorBgLayout,
                  }
                : undefined
            }
          >
            <MultiTab pages={pages} />
          </div>
        )}
        {/* The page's entrance animation starts outside the content area: clip it there. */}
        <Layout.Content style={{ margin: 16, overflow: "hidden" }}>
          <div className={settings.pageWidth === "fixed" ? "marquee-fixed-width" : undefined}>
            <PageAnimation animateKey={screenKey} path={location.pathname}>
              <PageHost screen={screenKey} keep={keep}>
                {content}
              </PageHost>
            </PageAnimation>
          </div>
        </Layout.Content>
        <Layout.Footer>
          <Footer />
        </Layout.Footer>
      </Layout>
      <SettingButton />
      <SettingDrawer />
    </Layout>
  );
}
