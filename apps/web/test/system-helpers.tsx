import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render } from "@testing-library/react";
import { App as AntApp, ConfigProvider } from "antd";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, vi } from "vitest";
import i18n from "../src/locales";
import { useSession } from "../src/stores/session";

/*
 * jsdom lacks what antd asks of a browser for layout: matchMedia answers "no
 * match" (what a wide desktop screen answers antd), and ResizeObserver never
 * reports (jsdom lays nothing out, so no size ever changes).
 */
if (!("ResizeObserver" in window)) {
  class NoResize {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, "ResizeObserver", { configurable: true, value: NoResize });
  Object.defineProperty(globalThis, "ResizeObserver", { configurable: true, value: NoResize });
}
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd tables render slowly in jsdom on a busy machine: wait for answers longer than the default second.
configure({ asyncUtilTimeout: 8000 });

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A signed-in user holding exactly these permissions. */
export function grant(permissions: string[]) {
  useSession.setState({ permissions, roles: [], user: { id: 1, name: "Admin", avatar: null } });
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; json?: unknown; body?: string; headers?: Record<string, string> };

/**
 * A fetch that answers by path (below /apm-web) and keeps every call. A
 * handler answers the envelope's fields (`code: 0` is added) or a full answer.
 */
export function fakeServer(routes: Record<string, (call: Call) => Answer | Record<string, unknown>>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const path = url.pathname.replace(/^\/apm-web/, "");
    const body =
      typeof init?.body === "string" && init.body.startsWith("{") ? JSON.parse(init.body) : init?.body;
    const call: Call = { method: init?.method ?? "GET", path, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${call.method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ code: 404, msg: `no route ${path}` }), { status: 404 });
    const out = handler(call);
    const full = "status" in out || "json" in out || "body" in out ? (out as Answer) : { json: out };
    const status = full.status ?? 200;
    if (full.body !== undefined) return new Response(full.body, { status, headers: full.headers });
    const json = status === 200 ? { code: 0, msg: "Success", ...(full.json as object) } : full.json;
    return new Response(JSON.stringify(json), {
      status,
      headers: { "content-type": "application/json", ...full.headers },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}

/** The page inside the providers the console gives it. */
export function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider>
        <AntApp>
          <MemoryRouter>{page}</MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}
