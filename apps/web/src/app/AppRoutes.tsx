import { App, Spin } from "antd";
import NProgress from "nprogress";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Location, Navigate, Route, Routes, useLocation, useNavigate } from "react-router";
import "nprogress/nprogress.css";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { recordPageView } from "../features/behavior/beacon";
import { runGuards } from "../router/guards";
import { type LazyPage, lazyPage } from "../router/lazy";
import { pageOf } from "../router/registry";
import { flattenRoutes, type PageRoute } from "../router/routes";
import { setHttpHost } from "../services/http";
import { sessionApi } from "../services/session";
import { sessionExpired, watchExpiry } from "../services/sessionExpiry";
import { useSession } from "../stores/session";

const LoginPage = lazyPage(() => import("../features/session/LoginPage"));
// The most common first page of someone signed out: fetch its code while the app starts.
if (window.location.pathname === "/") void LoginPage.preload().catch(() => undefined);
const InitPage = lazyPage(() => import("../features/session/InitPage"));
const LogoutPage = lazyPage(() => import("../features/session/LogoutPage"));
const Forbidden = lazyPage(() => import("../features/exception/Forbidden"));
const NotFound = lazyPage(() => import("../features/exception/NotFound"));
const ServerError = lazyPage(() => import("../features/exception/ServerError"));
const InframePage = lazyPage(() => import("../features/exception/InframePage"));
const PlanMakePage = lazyPage(() => import("../features/playPlan/PlanMakePage"));
const PublishSetPage = lazyPage(() => import("../features/publish/PublishSetPage"));
const TerminalSelectionPage = lazyPage(() => import("../features/publish/TerminalSelectionPage"));
const AdminLayout = lazyPage(() => import("../layouts/AdminLayout"));
const ProgramEditor = lazyPage(() => import("../editor/EditorPage"));

NProgress.configure({ showSpinner: false });

/** The static routes (spec §2) with a page of their own, outside the main layout. */
const STATIC_PAGES: Record<string, LazyPage> = {
  "/login": LoginPage,
  "/init": InitPage,
  "/logout": LogoutPage,
  "/403": Forbidden,
  "/404": NotFound,
  "/500": ServerError,
  "/inframe": InframePage,
  "/PlanMake": PlanMakePage,
  "/publishSet": PublishSetPage,
  "/terminalSelection": TerminalSelectionPage,
  "/programEditor": ProgramEditor,
};

/**
 * Fetches the code of what `path` shows: a static page of its own, or the main layout and the page in it
 * (`routes`: the session's tree). Resolves once it is all there; a chunk that fails or times out resolves
 * too, and the page's error boundary then says so when it renders.
 */
function loadCodeFor(path: string, routes: readonly PageRoute[]): Promise<void> {
  const fixed = STATIC_PAGES[path];
  const page = routes.find((p) => p.path === path);
  const parts = fixed ? [fixed] : [AdminLayout, page && pageOf(page)];
  return Promise.all(parts.map((part) => part?.preload().catch(() => undefined))).then(() => undefined);
}

/**
 * A page load of someone signed in (the session kept in this browser): the code of the page asked for, and of
 * the layout around it, is fetched while the app starts and the server confirms the session, not one after
 * the other once each has rendered. The guards still decide what is shown; this only fetches code.
 */
function preloadStartPage(): void {
  const { user, routesConfig } = useSession.getState();
  const path = window.location.pathname.replace(/\/+$/, "") || "/";
  if (user || STATIC_PAGES[path]) void loadCodeFor(path, flattenRoutes(routesConfig));
}
preloadStartPage();

/** Whether this page load has asked the server about the session yet ("when unsure"). */
let sessionVerified = false;
export function markSessionVerified(): void {
  sessionVerified = true;
}

const full = <Spin size="large" style={{ display: "block", marginTop: "30vh" }} />;

/** The static routes of spec §2, the main layout for server routes, and the ordered navigation guard. */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const session = useSession();
  const [allowed, setAllowed] = useState<string | null>(null);
  // The last address the guards let through: its page stays on screen (and mounted, with the pages kept
  // alive beside it) while the next address is checked.
  const [shown, setShown] = useState<Location | null>(null);
  const pages = useMemo(() => flattenRoutes(session.routesConfig), [session.routesConfig]);
  const latest = useRef(location.pathname);

  // The session cookie ran out (spec §8, "missing login cookie"): sign-in with the warning. The guard may
  // say the same after a page load; one key keeps it one message.
  const expire = useCallback(() => {
    useSession.getState().clear();
    void message.warning({ content: t("session.expired"), key: "session.expired" });
    navigate("/login");
  }, [message, navigate, t]);

  useEffect(() => {
    setHttpHost({
      toast: (kind, text) => void message[kind](text),
      // The logout page clears the session as it mounts: cleared here, the page being left would be checked
      // again as signed out and sent to /login before /logout shows.
      goLogout: () => navigate("/logout"),
      sessionExpired: expire,
    });
  }, [message, navigate, expire]);

  // While signed in, the cookie's two hours are watched: a session that runs out on a page ends on /login.
  const signedIn = session.user !== null;
  useEffect(() => (signedIn ? watchExpiry(expire) : undefined), [signedIn, expire]);

  useEffect(() => {
    const path = location.pathname;
    latest.current = path;
    // The spec writes some paths with a trailing slash ("sys/user/"): the same page as without it.
    if (path.length > 1 && path.endsWith("/")) {
      navigate(`${path.replace(/\/+$/, "") || "/"}${location.search}${location.hash}`, { replace: true });
      return;
    }
    void (async () => {
      const result = await runGuards({
        path,
        search: location.search,
        signedIn: useSession.getState().user !== null,
        sessionExpired: sessionExpired(),
        checkSession: async () => {
          if (sessionVerified) return true;
          const alive = await sessionApi
            .checkIsLogin()
            .then((r) => r.isLogin)
            .catch(() => false);
          performance.mark("marquee:session");
          sessionVerified = alive;
          if (!alive) useSession.getState().clear();
          return alive;
        },
        pages,
        tree: session.routesConfig,
        permissions: session.permissions,
        roles: session.roles,
        startProgress: () => NProgress.start(),
        setLoading: (v) => useSession.getState().setLoading(v),
      });
      // What the guards let through is shown once its code is there, in one render: a page rendered before
      // would suspend, and React holds a revealed Suspense boundary back for about 300 ms.
      if (!("redirect" in result)) await loadCodeFor(path, pages);
      // The browser may have left the address meanwhile (a navigation whose render has not run yet).
      if (latest.current !== path || window.location.pathname !== path) return;
      NProgress.done();
      useSession.getState().setLoading(false);
      if ("redirect" in result) {
        if (result.warn)
          void message.warning({ content: t(result.warn.key, result.warn.values), key: result.warn.key });
        navigate(result.redirect, { replace: true });
      } else {
        performance.mark("marquee:allowed");
        setAllowed(path);
        setShown(location);
        recordPageView(path, pages);
      }
    })();
  }, [location, pages, session.routesConfig, session.permissions, session.roles, message, navigate, t]);

  const current = allowed === location.pathname ? location : shown;
  if (!current) return full;
  return (
    <ErrorBoundary>
      <Suspense fallback={full}>
        {/* Always given a location, so that the tree keeps its shape (and its pages) between the two. */}
        <Routes location={current}>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/init" element={<InitPage />} />
          <Route path="/logout" element={<LogoutPage />} />
          <Route path="/403" element={<Forbidden />} />
          <Route path="/404" element={<NotFound />} />
          <Route path="/500" element={<ServerError />} />
          <Route path="/inframe" element={<InframePage />} />
          <Route path="/PlanMake" element={<PlanMakePage />} />
          <Route path="/publishSet" element={<PublishSetPage />} />
          <Route path="/terminalSelection" element={<TerminalSelectionPage />} />
          <Route path="/programEditor" element={<ProgramEditor />} />
          <Route path="*" element={<AdminLayout />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
