// @vitest-environment jsdom
import type { CommandOutcome, MapTerminal } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boundsOf,
  escapeHtml,
  markerHtml,
  normalizeLatLng,
  splitPlaced,
  tileHost,
} from "../src/features/position/markers";
import TerminalMapPage from "../src/features/position/TerminalMapPage";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const ALL = [
  "terminal:map:view",
  "terminal:device:view",
  "terminal:device:edit",
  "terminal:device:command",
  "terminal:device:settings",
];

function terminal(id: number, extra: Partial<MapTerminal> = {}): MapTerminal {
  return {
    id,
    name: `Screen ${id}`,
    officeId: 3,
    officeName: "Shop One",
    status: "online",
    lat: null,
    lng: null,
    address: null,
    source: null,
    positionDate: null,
    lastSeenAt: new Date(Date.now() - 120_000).toISOString(),
    programName: null,
    autoPosition: false,
    ...extra,
  };
}

const LOBBY = terminal(1, {
  name: "Lobby",
  lat: 45.46,
  lng: 9.19,
  address: "Piazza del Duomo, Milano",
  source: "manual",
  positionDate: new Date(Date.now() - 3_600_000).toISOString(),
  programName: "Morning loop",
});
const HALL = terminal(2, { name: "Hall", status: "offline", lat: 48.85, lng: 2.35, source: "device" });
const CELLAR = terminal(3, { name: "Cellar", status: "fault" });

const CONFIG = {
  tileUrl: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
  attribution: "© <b>Maps</b>",
  suggest: true,
};

function outcome(terminalId: number, name: string, state: CommandOutcome["state"]): CommandOutcome {
  return {
    id: `cmd-${terminalId}-${name}`,
    terminalId,
    terminalName: `Screen ${terminalId}`,
    name,
    state,
    reason: null,
    data: null,
    createDate: new Date().toISOString(),
    doneDate: null,
  };
}

/** The map's calls, with the terminals as the test sets them. */
function mapServer(over: Parameters<typeof fakeServer>[0] = {}, config = CONFIG) {
  let list = [LOBBY, HALL, CELLAR];
  return fakeServer({
    "GET /a/api/terminal/mapTerminals": (c: Call) => {
      const status = c.query.get("status");
      const rows = status ? list.filter((r) => r.status === status) : list;
      return { list: rows, total: rows.length, config };
    },
    "GET /a/api/terminal/treeDataNew": () => ({ tree: [] }),
    "POST /a/api/terminal/savePosition": (c: Call) => {
      const b = c.body as { id: number; lat: number; lng: number; address?: string };
      const placed = {
        ...(list.find((r) => r.id === b.id) as MapTerminal),
        lat: b.lat,
        lng: b.lng,
        address: b.address ?? null,
        source: "manual" as const,
        positionDate: new Date().toISOString(),
      };
      list = list.map((r) => (r.id === b.id ? placed : r));
      return { terminal: placed, autoPositionOff: false };
    },
    ...over,
  });
}

/*
 * jsdom lays nothing out: every element measures 0×0, and Leaflet would put
 * all markers in one cluster at zoom 0. A map box of 800×600 lets it fit the
 * markers, lay out tiles and draw each marker.
 */
const sizes = {
  width: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth"),
  height: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight"),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 600 });
});
afterAll(() => {
  if (sizes.width) Object.defineProperty(HTMLElement.prototype, "clientWidth", sizes.width);
  if (sizes.height) Object.defineProperty(HTMLElement.prototype, "clientHeight", sizes.height);
});

describe("map helpers", () => {
  it("splits the placed terminals from the ones without a position", () => {
    const { placed, unplaced } = splitPlaced([LOBBY, CELLAR, HALL, terminal(4, { lat: 1, lng: null })]);
    expect(placed.map((p) => p.id)).toEqual([1, 2]);
    expect(unplaced.map((p) => p.id)).toEqual([3, 4]);
    expect(boundsOf(placed)).toEqual([
      [45.46, 2.35],
      [48.85, 9.19],
    ]);
    expect(boundsOf([])).toBeNull();
  });

  it("draws a marker in its status colour with a test id, and never lets a name in as markup", () => {
    const html = markerHtml({ id: 7, name: '<img src=x onerror="alert(1)">', status: "fault" }, false);
    expect(html).toContain('data-testid="map-marker-7"');
    expect(html).toContain("background:#ff4d4f");
    expect(html).not.toContain("<img");
    expect(escapeHtml(`a&b<"'>`)).toBe("a&amp;b&lt;&quot;&#39;&gt;");
  });

  it("names the tile host of a template and puts dragged points back on the globe", () => {
    expect(tileHost("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("tile.openstreetmap.org");
    expect(tileHost("http://tiles.local:8080/osm/{z}/{x}/{y}.png")).toBe("tiles.local:8080");
    expect(tileHost("not a url")).toBe("not a url");
    expect(normalizeLatLng(45.5, 370)).toEqual({ lat: 45.5, lng: 10 });
    expect(normalizeLatLng(95, -190)).toEqual({ lat: 90, lng: 170 });
    expect(normalizeLatLng(1, 180)).toEqual({ lat: 1, lng: 180 });
  });
});

describe("TerminalMapPage", { timeout: 30_000 }, () => {
  it("shows the placed terminals as markers and lists the ones without a position", async () => {
    grant(ALL);
    const { calls } = mapServer();
    const { container } = renderPage(<TerminalMapPage />);
    await waitFor(() =>
      expect(screen.getByTestId("map-summary").textContent).toBe("2 on the map · 1 without a position"),
    );
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-1"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="map-marker-2"]')?.getAttribute("data-status")).toBe(
      "offline",
    );
    expect(container.querySelector('[data-testid="map-marker-3"]')).toBeNull();
    const side = screen.getByTestId("map-unplaced");
    expect(within(side).getByText("Cellar")).toBeTruthy();
    expect(within(side).queryByText("Lobby")).toBeNull();
    // The attribution is shown as text, never as markup from the settings.
    expect(container.querySelector(".leaflet-control-attribution")?.textContent).toContain("© <b>Maps</b>");
    expect(screen.queryByTestId("map-tiles-notice")).toBeNull();
    expect(calls.some((c) => c.path === "/a/api/terminal/mapTerminals")).toBe(true);
  });

  it("opens a marker's details: status, program, address and how it was placed", async () => {
    grant(ALL);
    mapServer();
    const { container } = renderPage(<TerminalMapPage />);
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-1"]')).not.toBeNull());
    const icon = container.querySelector('[data-testid="map-marker-1"]')?.parentElement as HTMLElement;
    fireEvent.click(icon);
    const drawer = await screen.findByTestId("map-details");
    expect(within(drawer).getByTestId("map-details-name").textContent).toBe("Lobby");
    expect(within(drawer).getByText("Morning loop")).toBeTruthy();
    expect(within(drawer).getByText("Piazza del Duomo, Milano")).toBeTruthy();
    expect(within(drawer).getByTestId("map-details-source").textContent).toBe("By hand");
    expect(within(drawer).getByTestId("map-details-position").textContent).toBe("45.46000, 9.19000");
    expect(within(drawer).getByText("2 min ago")).toBeTruthy();
  });

  it("says when tiles cannot be loaded and keeps the markers", async () => {
    grant(ALL);
    mapServer();
    const { container } = renderPage(<TerminalMapPage />);
    await waitFor(() => expect(container.querySelector("img.leaflet-tile")).not.toBeNull());
    fireEvent.error(container.querySelector("img.leaflet-tile") as HTMLImageElement);
    const notice = await screen.findByTestId("map-tiles-notice");
    expect(notice.textContent).toContain(
      "Map tiles cannot be loaded from tiles.example.org: markers are shown on a blank map.",
    );
    expect(container.querySelector('[data-testid="map-marker-2"]')).not.toBeNull();
  });

  it("says so when no tile server is configured", async () => {
    grant(ALL);
    mapServer({}, { ...CONFIG, tileUrl: "" });
    const { container } = renderPage(<TerminalMapPage />);
    expect((await screen.findByTestId("map-tiles-notice")).textContent).toContain("No map tile server");
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-1"]')).not.toBeNull());
    expect(container.querySelector("img.leaflet-tile")).toBeNull();
  });

  it("places a terminal at the address chosen from the suggestions", async () => {
    grant(ALL);
    const { calls } = mapServer({
      "GET /a/api/terminal/addressSuggest": (c: Call) => ({
        list: [{ label: `${c.query.get("q")}, Roma, Italia`, lat: 41.9028, lng: 12.4964 }],
      }),
    });
    const { container } = renderPage(<TerminalMapPage />);
    fireEvent.click(await screen.findByTestId("map-place-3"));
    expect((await screen.findByTestId("map-placing")).textContent).toContain("Placing Cellar");
    const input = within(screen.getByTestId("map-placing")).getByRole("combobox");
    fireEvent.change(input, { target: { value: "Via del Corso" } });
    const option = await screen.findByText("Via del Corso, Roma, Italia", {
      selector: ".ant-select-item-option-content",
    });
    fireEvent.click(option);
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/terminal/savePosition")).toBe(true));
    expect(calls.find((c) => c.path === "/a/api/terminal/savePosition")?.body).toEqual({
      id: 3,
      lat: 41.9028,
      lng: 12.4964,
      address: "Via del Corso, Roma, Italia",
    });
    expect(calls.find((c) => c.path === "/a/api/terminal/addressSuggest")?.query.get("q")).toBe(
      "Via del Corso",
    );
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-3"]')).not.toBeNull());
    expect(screen.queryByTestId("map-placing")).toBeNull();
    expect(
      within(await screen.findByTestId("map-details")).getByTestId("map-details-source").textContent,
    ).toBe("By hand");
  });

  it("places a terminal where the map is clicked", async () => {
    grant(ALL);
    const { calls } = mapServer();
    const { container } = renderPage(<TerminalMapPage />);
    fireEvent.click(await screen.findByTestId("map-place-3"));
    await screen.findByTestId("map-placing");
    await waitFor(() => expect(screen.getByTestId("terminal-map").getAttribute("data-ready")).toBe("true"));
    fireEvent.click(screen.getByTestId("terminal-map"), { clientX: 400, clientY: 300 });
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/terminal/savePosition")).toBe(true));
    const body = calls.find((c) => c.path === "/a/api/terminal/savePosition")?.body as Record<string, number>;
    expect(body.id).toBe(3);
    expect(body.lat).toBeGreaterThanOrEqual(-90);
    expect(body.lat).toBeLessThanOrEqual(90);
    expect(body.lng).toBeGreaterThanOrEqual(-180);
    expect(body.lng).toBeLessThanOrEqual(180);
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-3"]')).not.toBeNull());
  });

  it("shows why the address search gave nothing", async () => {
    grant(ALL);
    mapServer({
      "GET /a/api/terminal/addressSuggest": () => ({
        status: 503,
        json: {
          code: 503,
          msg: "The address search service nominatim.example cannot be reached (unreachable)",
        },
      }),
    });
    renderPage(<TerminalMapPage />);
    fireEvent.click(await screen.findByTestId("map-place-3"));
    const input = within(await screen.findByTestId("map-placing")).getByRole("combobox");
    fireEvent.change(input, { target: { value: "Colosseo" } });
    expect((await screen.findByTestId("map-address-error")).textContent).toBe(
      "The address search service nominatim.example cannot be reached (unreachable)",
    );
  });

  it("asks a terminal for its position and follows the outcome", async () => {
    grant(ALL);
    let polled = 0;
    const { calls } = mapServer({
      "POST /a/api/terminal/sendGetPositionOrder": () => ({ list: [outcome(1, "position", "sent")] }),
      "GET /a/api/terminal/commandResults": () => {
        polled++;
        return { list: [{ ...outcome(1, "position", "done"), data: { lat: 45.47, lng: 9.2 } }] };
      },
    });
    const { container } = renderPage(<TerminalMapPage />);
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-1"]')).not.toBeNull());
    fireEvent.click(container.querySelector('[data-testid="map-marker-1"]')?.parentElement as HTMLElement);
    const drawer = await screen.findByTestId("map-details");
    const reads = calls.filter((c) => c.path === "/a/api/terminal/mapTerminals").length;
    fireEvent.click(within(drawer).getByTestId("map-ask-position"));
    await waitFor(() => expect(screen.getByTestId("terminal-outcome-state").textContent).toBe("Done"));
    expect(polled).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === "/a/api/terminal/sendGetPositionOrder")?.body).toEqual({ ids: [1] });
    // Once done, the map reads the stored positions again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/a/api/terminal/mapTerminals").length).toBeGreaterThan(reads),
    );
  });

  it("turns automatic positioning on and shows the settings outcome", async () => {
    grant(ALL);
    const { calls } = mapServer({
      "POST /a/api/terminal/autoGetPosition": () => ({ list: [outcome(2, "settings", "offline")] }),
    });
    const { container } = renderPage(<TerminalMapPage />);
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-2"]')).not.toBeNull());
    fireEvent.click(container.querySelector('[data-testid="map-marker-2"]')?.parentElement as HTMLElement);
    const drawer = await screen.findByTestId("map-details");
    fireEvent.click(within(drawer).getByTestId("map-auto-position"));
    await waitFor(() =>
      expect(within(drawer).getByTestId("terminal-outcome-state").textContent).toBe("Offline"),
    );
    expect(
      within(drawer).getByText("The screen is not connected; try again when it is online."),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === "/a/api/terminal/autoGetPosition")?.body).toEqual({
      ids: [2],
      enabled: true,
    });
  });

  it("keeps the placing and position actions from users without the rights", async () => {
    grant(["terminal:map:view"]);
    const { calls } = mapServer();
    const { container } = renderPage(<TerminalMapPage />);
    const place = await screen.findByTestId("map-place-3");
    expect((place as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(container.querySelector('[data-testid="map-marker-1"]')).not.toBeNull());
    fireEvent.click(container.querySelector('[data-testid="map-marker-1"]')?.parentElement as HTMLElement);
    const drawer = await screen.findByTestId("map-details");
    expect((within(drawer).getByTestId("map-ask-position") as HTMLButtonElement).disabled).toBe(true);
    expect((within(drawer).getByTestId("map-move") as HTMLButtonElement).disabled).toBe(true);
    expect(within(drawer).getByTestId("map-auto-position").getAttribute("disabled")).not.toBeNull();
    expect(within(drawer).queryByTestId("map-clear")).toBeNull();
    // Without monitoring rights the office filter (and its tree call) stays away.
    expect(screen.queryByTestId("map-filter-office")).toBeNull();
    expect(calls.some((c) => c.path === "/a/api/terminal/treeDataNew")).toBe(false);
  });
});
