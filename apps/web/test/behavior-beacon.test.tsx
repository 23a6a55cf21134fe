// @vitest-environment jsdom
import type { PageView } from "@marquee/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BEACON_INTERVAL_MS,
  createBeacon,
  flushPageViews,
  pageNameOf,
  recordPageView,
} from "../src/features/behavior/beacon";
import type { PageRoute } from "../src/router/routes";
import { useSession } from "../src/stores/session";

const page = (name: string, path: string, component?: string): PageRoute => ({
  name,
  path,
  chain: [],
  invisible: false,
  titles: null,
  trail: [name],
  component: component ?? name,
});
const PAGES = [
  page("terminalManage", "/terminal/list"),
  page("home", "/home"),
  // A menu entry of its own name showing a known page (menu management).
  page("myTerminals", "/my/terminals", "terminalManage"),
  page("partnerSite", "/partner"),
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("page names", () => {
  it("reports route names, never paths or ids, and nothing for pages it does not know", () => {
    expect(pageNameOf("/terminal/list", PAGES)).toBe("terminalManage");
    expect(pageNameOf("/my/terminals", PAGES)).toBe("terminalManage");
    expect(pageNameOf("/programEditor", PAGES)).toBe("programEditor");
    expect(pageNameOf("/partner", PAGES)).toBeNull();
    expect(pageNameOf("/404", PAGES)).toBeNull();
    expect(pageNameOf("/login", PAGES)).toBeNull();
  });
});

describe("the beacon's batches", () => {
  it("drops rather than sends when there is no session to send with", () => {
    const sent: PageView[][] = [];
    let signedIn = true;
    const b = createBeacon(
      (v) => sent.push(v),
      Date.now,
      BEACON_INTERVAL_MS,
      () => signedIn,
    );
    b.record("home");
    signedIn = false;
    b.flush();
    expect(sent).toEqual([]);
    expect(b.pending()).toBe(0);
  });

  it("sends the views of 15 seconds in one call, then waits for new ones", () => {
    const sent: PageView[][] = [];
    const beacon = createBeacon((v) => sent.push(v));
    beacon.record("home");
    beacon.record("terminalManage");
    beacon.record("not-a-page");
    vi.advanceTimersByTime(BEACON_INTERVAL_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.map((v) => v.page)).toEqual(["home", "terminalManage"]);
    vi.advanceTimersByTime(BEACON_INTERVAL_MS * 4);
    expect(sent).toHaveLength(1);
  });

  it("sends at once when a batch is full, in calls of at most 50", () => {
    const sent: PageView[][] = [];
    const beacon = createBeacon((v) => sent.push(v));
    for (let i = 0; i < 50; i++) beacon.record("home");
    expect(sent.map((b) => b.length)).toEqual([50]);
    expect(beacon.pending()).toBe(0);
  });

  it("drops views the server would refuse as older than a day", () => {
    let now = Date.parse("2026-03-10T08:00:00Z");
    const sent: PageView[][] = [];
    const beacon = createBeacon(
      (v) => sent.push(v),
      () => now,
    );
    beacon.record("home");
    now += 24 * 3_600_000;
    beacon.record("terminalManage");
    beacon.flush();
    expect(sent.flat().map((v) => v.page)).toEqual(["terminalManage"]);
  });
});

describe("the router's reports", () => {
  it("posts the route names with the console's headers and keepalive; a failed send is dropped, not retried", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("offline");
    });
    vi.stubGlobal("fetch", fetch);
    useSession.setState({ permissions: [], roles: [], user: { id: 1, name: "Admin", avatar: null } });
    recordPageView("/terminal/list", PAGES);
    // A re-render of the same page is not a new view.
    recordPageView("/terminal/list", PAGES);
    recordPageView("/partner", PAGES);
    recordPageView("/home", PAGES);
    vi.advanceTimersByTime(BEACON_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/apm-web/a/api/behavior/pageViews");
    expect(init.keepalive).toBe(true);
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>)["X-Requested-With"]).toBe("XMLHttpRequest");
    const body = JSON.parse(String(init.body)) as { views: PageView[] };
    expect(body.views.map((v) => v.page)).toEqual(["terminalManage", "home"]);
    expect(JSON.stringify(body)).not.toContain("/terminal/list");
    await vi.advanceTimersByTimeAsync(BEACON_INTERVAL_MS * 4);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends what is queued when the page goes away, and nothing for a signed-out visitor", () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null } });
    recordPageView("/terminal/list", PAGES);
    window.dispatchEvent(new Event("pagehide"));
    expect(fetch).toHaveBeenCalledTimes(1);

    recordPageView("/logout", PAGES);
    useSession.setState({ user: null });
    recordPageView("/home", PAGES);
    vi.advanceTimersByTime(BEACON_INTERVAL_MS);
    window.dispatchEvent(new Event("pagehide"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends the queue before signing out and nothing after: no page view answered 401", () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    useSession.setState({ user: { id: 1, name: "Admin", avatar: null } });
    recordPageView("/home", PAGES);
    // Sign-out: the views go while the session holds, then the session ends.
    flushPageViews();
    expect(fetch).toHaveBeenCalledTimes(1);
    recordPageView("/terminal/list", PAGES);
    useSession.setState({ user: null });
    // The timer fires after sign-out, and the page goes away: nothing is sent without a session.
    vi.advanceTimersByTime(BEACON_INTERVAL_MS);
    window.dispatchEvent(new Event("pagehide"));
    recordPageView("/login", PAGES);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
