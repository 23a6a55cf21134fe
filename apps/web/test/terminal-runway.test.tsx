// @vitest-environment jsdom
import type { TerminalSummary } from "@marquee/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import { DetailsDrawer } from "../src/features/terminal/DetailsDrawer";
import { TerminalFilters } from "../src/features/terminal/TerminalFilters";
import { TerminalTable } from "../src/features/terminal/TerminalTable";
import { useTerminalList } from "../src/features/terminal/useTerminalList";
import i18n from "../src/locales";
import { fakeServer, grant, renderPage } from "./system-helpers";

/**
 * The offline runway in the console (issue 24): the list's column says until
 * when each screen plays offline and why, in the reader's language and time
 * zone; the filter "runway under 24 h" asks the server for those screens only;
 * the details show it with its reason.
 */

afterEach(async () => {
  await i18n.changeLanguage("en");
});

const SOON = "2026-03-02T18:30:00.000Z";
const row = (id: number, name: string, runway: TerminalSummary["runway"]): TerminalSummary => ({
  id,
  name,
  officeId: 2,
  officeName: "HQ",
  groupId: null,
  groupName: null,
  state: "authorised",
  status: "online",
  online: true,
  fault: null,
  model: "web",
  version: "3.8.33",
  width: 1920,
  height: 1080,
  ip: null,
  enrolCode: "ABC123",
  programName: null,
  lastSeenAt: null,
  screenshotUrl: null,
  createDate: "2026-03-01T09:00:00.000Z",
  runway,
});
const short = row(1, "Lobby", {
  until: SOON,
  reason: "planEnds",
  name: "Summer sale",
  behind: false,
  at: "2026-03-02T09:00:00.000Z",
});
const long = row(2, "Hall", {
  until: null,
  reason: "beyond",
  name: null,
  behind: true,
  at: "2026-03-02T09:00:00.000Z",
});

/** The list as the monitoring page composes it: the filters over the table. */
function List() {
  const list = useTerminalList();
  return (
    <>
      <TerminalFilters value={list.filters} onChange={list.changeFilters} />
      <TerminalTable
        rows={list.rows}
        loading={false}
        total={list.total}
        pageNo={1}
        pageSize={50}
        onPage={() => undefined}
        sort="name"
        order="asc"
        onSort={() => undefined}
        selected={new Map()}
        onSelect={() => undefined}
        onOpen={() => undefined}
      />
    </>
  );
}

describe("the offline runway in the console", { timeout: 20_000 }, () => {
  it("shows each screen's runway in the reader's language and asks the server for those under 24 h", async () => {
    await i18n.changeLanguage("fr");
    grant(["terminal:device:view"]);
    const server = fakeServer({
      "GET /a/api/terminal/list": (call) => ({
        list: call.query.get("runwayUnderHours") === "24" ? [short] : [short, long],
        total: call.query.get("runwayUnderHours") === "24" ? 1 : 2,
        pageNo: 1,
        pageSize: 50,
      }),
      "GET /a/api/terminal/findTerminalStatusArray": () => ({ list: [] }),
    });
    renderPage(<List />);
    // Until when, in the reader's time zone, and why, in French.
    const local = dayjs(SOON).format("YYYY-MM-DD HH:mm:ss");
    expect(await screen.findByText(`jusqu'au ${local}`)).toBeTruthy();
    expect(screen.getByText("le plan Summer sale se termine")).toBeTruthy();
    expect(screen.getByText("au-delà de 7 jours")).toBeTruthy();
    expect(screen.getByText("version plus ancienne")).toBeTruthy();
    expect(screen.getByText("Autonomie hors ligne")).toBeTruthy();

    fireEvent.click(screen.getByText("Autonomie sous 24 h"));
    await waitFor(() =>
      expect(
        server.calls.some(
          (c) => c.path === "/a/api/terminal/list" && c.query.get("runwayUnderHours") === "24",
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText("au-delà de 7 jours")).toBeNull());
    expect(screen.getByText("le plan Summer sale se termine")).toBeTruthy();
  });

  it("shows the runway and its reason in a screen's details", async () => {
    grant(["terminal:device:view"]);
    fakeServer({
      "GET /a/api/terminal/terminalDetails": () => ({
        terminal: { ...short, runway: { ...short.runway, reason: "mediaMissing", name: null } },
        reported: null,
        programIds: [],
        programs: [],
        recentCommands: [],
        recentEvents: [],
      }),
      "GET /a/api/terminal/programPublishInfo": () => ({ list: [] }),
    });
    renderPage(<DetailsDrawer id={1} onClose={() => undefined} onAuthorize={() => undefined} />);
    expect(await screen.findByText("Offline runway")).toBeTruthy();
    expect(screen.getByText("media not yet downloaded")).toBeTruthy();
  });
});
