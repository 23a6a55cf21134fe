// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DetailsDrawer } from "../src/features/terminal/DetailsDrawer";
import i18n from "../src/locales";
import { fakeServer, grant, renderPage } from "./system-helpers";

/** A reason as the server stores it: its code and values as JSON text. */
const coded = (code: string, values: Record<string, string | number>) => JSON.stringify({ code, values });

afterEach(async () => {
  await i18n.changeLanguage("en");
});

const terminal = {
  id: 1,
  name: "Lobby",
  officeId: 2,
  officeName: "HQ",
  groupId: null,
  groupName: null,
  state: "authorised",
  status: "fault",
  online: true,
  fault: coded("fileHttp", { file: "m9.png", status: 404 }),
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
};

describe("a screen's details", { timeout: 20_000 }, () => {
  it("shows the events and the fault a screen reported as codes in the reader's language, and plain ones as they are", async () => {
    await i18n.changeLanguage("fr");
    grant(["terminal:device:view"]);
    fakeServer({
      "GET /a/api/terminal/terminalDetails": () => ({
        terminal,
        reported: null,
        programIds: [],
        programs: [],
        recentCommands: [],
        recentEvents: [
          {
            kind: "playbackError",
            message: coded("programSkipped", { name: "Menu", id: 3, error: "doc: bad" }),
            at: "2026-03-02T09:00:00.000Z",
          },
          { kind: "fault", message: "panel overheated", at: "2026-03-02T08:00:00.000Z" },
        ],
      }),
      "GET /a/api/terminal/programPublishInfo": () => ({ list: [] }),
    });
    renderPage(<DetailsDrawer id={1} onClose={() => undefined} onAuthorize={() => undefined} />);
    expect(await screen.findByText("Programme Menu (#3) ignoré : doc: bad")).toBeTruthy();
    expect(screen.getByText("Fichier m9.png : HTTP 404")).toBeTruthy();
    // An older screen's words, as they were stored.
    expect(screen.getByText("panel overheated")).toBeTruthy();
    expect(screen.queryByText(/"code"/)).toBeNull();
  });
});
