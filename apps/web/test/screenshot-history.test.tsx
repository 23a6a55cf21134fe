// @vitest-environment jsdom
import { LOCALES } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HISTORY_PAGE_SIZE, ScreenshotHistory } from "../src/features/terminal/ScreenshotHistory";
import i18n from "../src/locales";
import { fakeServer, grant, renderPage } from "./system-helpers";

const PATH = "GET /a/api/fileInfosa/findScreenshotBytreeIdAndType";
const shot = (id: number, type: "manual" | "scheduled" | "monitor") => ({
  id,
  terminalId: 1,
  terminalName: "Lobby",
  type,
  url: `/apm-web/a/api/terminal/screenshot?id=1&shot=${id}`,
  at: "2026-03-02T09:00:00.000Z",
});

describe("the screenshot history of a screen", { timeout: 20_000 }, () => {
  it("shows the screen's pictures with their kind, and asks again for one kind and for another page", async () => {
    grant(["terminal:device:view"]);
    const server = fakeServer({
      [PATH]: (call) => {
        const type = call.query.get("type");
        const list = type === "monitor" ? [shot(3, "monitor")] : [shot(1, "manual"), shot(2, "scheduled")];
        return { list, total: type ? 1 : 20, pageNo: Number(call.query.get("pageNo")), pageSize: 8 };
      },
    });
    renderPage(<ScreenshotHistory terminalId={1} name="Lobby" />);
    const box = await screen.findByTestId("terminal-screenshot-history");
    await waitFor(() =>
      expect(within(box).getAllByTestId("terminal-screenshot-history-item")).toHaveLength(2),
    );
    const first = server.calls.find((c) => c.path === "/a/api/fileInfosa/findScreenshotBytreeIdAndType");
    expect(first?.query.get("terminalId")).toBe("1");
    expect(first?.query.get("type")).toBeNull();
    expect(first?.query.get("pageSize")).toBe(String(HISTORY_PAGE_SIZE));
    // The kinds read as words of the reader's language, never as codes.
    expect(within(box).getAllByText("Manual").length).toBeGreaterThan(0);
    expect(within(box).getAllByText("Scheduled").length).toBeGreaterThan(0);
    expect(within(box).queryByText("manual")).toBeNull();
    expect(within(box).getByText("Total: 20")).toBeTruthy();
    const images = within(box).getAllByRole("img");
    expect(images.some((i) => i.getAttribute("src")?.endsWith("shot=2"))).toBe(true);

    fireEvent.click(within(box).getByTitle("2"));
    await waitFor(() =>
      expect(server.calls.some((c) => c.query.get("pageNo") === "2" && !c.query.get("type"))).toBe(true),
    );

    fireEvent.click(within(box).getByText("Monitoring"));
    await waitFor(() =>
      expect(within(box).getAllByTestId("terminal-screenshot-history-item")).toHaveLength(1),
    );
    const last = server.calls.at(-1);
    expect(last?.query.get("type")).toBe("monitor");
    expect(last?.query.get("pageNo")).toBe("1");
  });

  it("has its words in every language", () => {
    for (const locale of LOCALES) {
      const t = i18n.getFixedT(locale);
      for (const key of [
        "terminal.shots.title",
        "terminal.shots.all",
        "terminal.shots.kinds.manual",
        "terminal.shots.kinds.scheduled",
        "terminal.shots.kinds.monitor",
        "terminal.shots.none",
        "terminal.shots.failed",
      ]) {
        expect(i18n.exists(key, { lng: locale }), `${locale} ${key}`).toBe(true);
        expect(t(key), `${locale} ${key}`).not.toBe(key);
      }
    }
  });
});
