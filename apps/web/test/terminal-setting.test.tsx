// @vitest-environment jsdom
import type { CommandOutcome } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { terminalSetApi } from "../src/features/terminal/api";
import { CommandDrawer } from "../src/features/terminal/CommandDrawer";
import { LivePanel } from "../src/features/terminal/LivePanel";
import { SettingPanel } from "../src/features/terminal/SettingPanel";
import { SettingsBar } from "../src/features/terminal/SettingsBar";
import { SettingsModal } from "../src/features/terminal/SettingsModal";
import { formFieldOf, toSettingsPatch, UNTOUCHED, weekPreview } from "../src/features/terminal/settingsForm";
import { UpdateModal } from "../src/features/terminal/UpdateModal";
import { useCommandRun } from "../src/features/terminal/useCommandRun";
import { HttpError } from "../src/services/http";
import { fakeServer, grant, renderPage } from "./system-helpers";

const outcome = (
  id: string,
  terminalId: number,
  state: CommandOutcome["state"],
  reason: string | null = null,
): CommandOutcome => ({
  id,
  terminalId,
  terminalName: `Screen ${terminalId}`,
  name: "settings",
  state,
  reason,
  data: null,
  createDate: "2026-03-02T09:00:00.000Z",
  doneDate: null,
});

const ALL = [
  "terminal:device:view",
  "terminal:device:settings",
  "terminal:device:command",
  "terminal:device:screenshot",
  "terminal:device:upgrade",
  "terminal:device:delete",
];

function openSettings(onSend: (patch: unknown) => Promise<void>) {
  renderPage(<SettingsModal open ids={[1, 2]} onSend={onSend} onClose={() => undefined} />);
  return screen.findByTestId("terminal-settings-ok");
}

describe("terminal settings form", { timeout: 20_000 }, () => {
  it("sends only the fields the operator touched, and null for a cleared one", async () => {
    grant(ALL);
    const onSend = vi.fn(async (_patch: unknown) => undefined);
    const ok = await openSettings(onSend);
    const volume = screen.getByTestId("terminal-settings-volume");
    fireEvent.change(volume, { target: { value: "30" } });
    fireEvent.blur(volume);
    fireEvent.click(screen.getByTestId("terminal-settings-clear-brightness"));
    expect(screen.getByTestId("terminal-settings-field-volume").dataset.mode).toBe("set");
    expect(screen.getByTestId("terminal-settings-field-brightness").dataset.mode).toBe("clear");
    expect(screen.getByTestId("terminal-settings-field-rotation").dataset.mode).toBe("untouched");
    fireEvent.click(ok);
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[0]).toEqual({ volume: 30, brightness: null });
  });

  it("sends nothing while no field changed", async () => {
    grant(ALL);
    const onSend = vi.fn(async (_patch: unknown) => undefined);
    fireEvent.click(await openSettings(onSend));
    expect(await screen.findByTestId("terminal-settings-refused")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on the fields they name", async () => {
    grant(ALL);
    const refusal = new HttpError("Invalid value: volume", 400, {
      code: 400,
      msg: "Invalid value: volume",
      errors: [{ field: "settings.volume", message: "at most 100" }],
    });
    const onSend = vi.fn(async (_patch: unknown) => {
      throw refusal;
    });
    const ok = await openSettings(onSend);
    fireEvent.change(screen.getByTestId("terminal-settings-volume"), { target: { value: "40" } });
    fireEvent.click(ok);
    const field = screen.getByTestId("terminal-settings-field-volume");
    await waitFor(() => expect(within(field).getByText("at most 100")).toBeTruthy());
    // Named on its field, so not repeated above the form.
    expect(screen.queryByTestId("terminal-settings-refused")).toBeNull();
  });

  it("maps error paths to form inputs and builds the patch of timers", () => {
    expect(formFieldOf("settings.timers.0.on")).toEqual(["timers", 0, "on"]);
    expect(formFieldOf("settings.downloadWindow.start")).toEqual(["downloadWindow", "start"]);
    expect(formFieldOf("settings.timers")).toBeNull();
    expect(formFieldOf("ids")).toBeNull();
    const patch = toSettingsPatch(
      {
        volume: 50,
        brightness: 100,
        rotation: 90,
        heartbeatSec: 30,
        downloadWindow: { limited: false, start: "01:00", end: "05:00" },
        timers: [{ weekdays: [5, 1], on: "08:00", off: "20:00" }],
        volumes: [],
        autoPosition: false,
      },
      { ...UNTOUCHED, timers: "set", downloadWindow: "set" },
    );
    expect(patch).toEqual({
      downloadWindow: null,
      timers: [{ weekdays: [1, 5], on: "08:00", off: "20:00" }],
    });
  });

  it("previews the week as the player obeys it: off outside the timer", () => {
    // Monday 2026-03-02 10:00 UTC.
    const days = weekPreview(
      { timers: [{ weekdays: [1], on: "08:00", off: "20:00" }], volume: 40 },
      Date.UTC(2026, 2, 2, 10),
      "UTC",
    );
    expect(days).toHaveLength(7);
    expect(days[0]?.weekday).toBe(1);
    expect(days[0]?.spans.map((s) => [s.from, s.to, s.screenOn])).toEqual([
      [0, 480, false],
      [480, 1200, true],
      [1200, 1440, false],
    ]);
    expect(days[1]?.spans.every((s) => !s.screenOn)).toBe(true);
  });
});

/** The results drawer driven by a settings batch, as the page opens it. */
function Batch({ ids }: { ids: number[] }) {
  const commands = useCommandRun();
  const [started, setStarted] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={started}
        onClick={() => {
          setStarted(true);
          void commands.send(ids, "settings", (part) => terminalSetApi.settings(part, { volume: 30 }));
        }}
      >
        go
      </button>
      <CommandDrawer run={commands.run} onRetry={() => void commands.retry()} onClose={commands.close} />
    </>
  );
}

describe("results drawer", { timeout: 20_000 }, () => {
  it("shows each terminal's state live and retries only the failed commands in place", async () => {
    grant(ALL);
    let polls = 0;
    const { calls } = fakeServer({
      "POST /a/api/terminalSet/terminalSet": () => ({
        list: [outcome("c1", 1, "sent"), outcome("c2", 2, "sent")],
      }),
      "GET /a/api/terminal/commandResults": (call) => {
        polls++;
        const ids = (call.query.get("ids") ?? "").split(",");
        const rows = [
          outcome("c1", 1, "done"),
          outcome("c2", 2, "failed", "no space left on the device"),
          outcome("c3", 2, "done"),
        ];
        return { list: rows.filter((r) => ids.includes(r.id)) };
      },
      "POST /a/api/terminalSet/retry": () => ({ list: [outcome("c3", 2, "sent")] }),
    });
    renderPage(<Batch ids={[1, 2]} />);
    fireEvent.click(screen.getByText("go"));
    const drawer = await screen.findByTestId("terminal-command-drawer");
    await waitFor(() => expect(within(drawer).getByText("no space left on the device")).toBeTruthy());
    const states = () =>
      within(drawer)
        .getAllByTestId("terminal-outcome-state")
        .map((e) => e.textContent);
    expect(states()).toEqual(["Done", "Failed"]);
    expect(calls.find((c) => c.path === "/a/api/terminalSet/terminalSet")?.body).toEqual({
      ids: [1, 2],
      settings: { volume: 30 },
    });
    expect(polls).toBeGreaterThan(0);

    const retry = within(drawer).getByTestId("terminal-command-retry");
    expect(retry.textContent).toContain("1");
    fireEvent.click(retry);
    await waitFor(() => expect(states()).toEqual(["Done", "Done"]));
    expect(calls.find((c) => c.path === "/a/api/terminalSet/retry")?.body).toEqual({ commandIds: ["c2"] });
    // The rows stay one per terminal, in their order.
    expect(
      within(drawer)
        .getAllByTestId("terminal-command-outcome")
        .map((e) => e.dataset.terminalId),
    ).toEqual(["1", "2"]);
  });
});

describe("update dialog", { timeout: 20_000 }, () => {
  it("sends a package uploaded before to the selected screens and hands the outcomes on", async () => {
    grant(ALL);
    const pkg = {
      id: 5,
      name: "player-3.9.0.zip",
      version: "3.9.0",
      model: "web",
      md5: "0".repeat(32),
      sha256: "0".repeat(64),
      size: 2048,
      notes: "Faster start",
      createDate: "2026-03-01T09:00:00.000Z",
    };
    const sent = [
      { ...outcome("u1", 1, "sent"), name: "update" },
      { ...outcome("u2", 2, "offline"), name: "update" },
    ];
    const { calls } = fakeServer({
      "GET /a/api/terminalSet/getApkUpdateInfo": () => ({ list: [], packages: [pkg] }),
      "POST /a/api/terminalSet/pushDedicatedApk": () => ({ package: pkg, list: sent }),
    });
    const onSent = vi.fn();
    const onClose = vi.fn();
    renderPage(<UpdateModal open ids={[1, 2]} onSent={onSent} onClose={onClose} />);
    fireEvent.click(await screen.findByText("Uploaded packages"));
    const push = (await screen.findByTestId("terminal-update-push")) as HTMLButtonElement;
    // Nothing to send before a package is picked.
    expect(push.disabled).toBe(true);
    fireEvent.mouseDown(within(screen.getByTestId("terminal-update-package")).getByRole("combobox"));
    fireEvent.click(
      await screen.findByText(/^3\.9\.0 · player-3\.9\.0\.zip/, {
        selector: ".ant-select-item-option-content",
      }),
    );
    expect(await screen.findByText("Faster start")).toBeTruthy();
    await waitFor(() => expect(push.disabled).toBe(false));
    fireEvent.click(push);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(calls.filter((c) => c.path === "/a/api/terminalSet/pushDedicatedApk").map((c) => c.body)).toEqual([
      { packageId: 5, ids: [1, 2] },
    ]);
    expect(onClose).toHaveBeenCalled();
  });
});

describe("settings toolbar", () => {
  it("disables the actions the user may not take, and all of them without a selection", () => {
    grant(["terminal:device:view", "terminal:device:settings"]);
    renderPage(<SettingsBar count={2} onAction={() => undefined} onClear={() => undefined} />);
    const settings = screen.getByTestId("terminal-action-settings") as HTMLButtonElement;
    const reboot = screen.getByTestId("terminal-action-reboot") as HTMLButtonElement;
    const update = screen.getByTestId("terminal-action-update") as HTMLButtonElement;
    expect(settings.disabled).toBe(false);
    expect(reboot.disabled).toBe(true);
    expect(reboot.title).toBe("no permission");
    expect(update.disabled).toBe(true);
  });

  it("disables every action while nothing is selected", () => {
    grant(ALL);
    renderPage(<SettingsBar count={0} onAction={() => undefined} onClear={() => undefined} />);
    const buttons = within(screen.getByTestId("terminal-setting-bar")).getAllByRole("button");
    expect(buttons.length).toBe(10);
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it("runs what the user holds once screens are selected", () => {
    grant(ALL);
    const onAction = vi.fn();
    renderPage(<SettingsBar count={3} onAction={onAction} onClear={() => undefined} />);
    fireEvent.click(screen.getByTestId("terminal-action-reboot"));
    expect(onAction).toHaveBeenCalledWith("reboot");
  });
});

describe("terminal settings page", { timeout: 20_000 }, () => {
  it("shows the screens tab with its toolbar, and a screen's live view", async () => {
    grant(ALL);
    const terminal = {
      id: 1,
      name: "Lobby",
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
    };
    fakeServer({
      "GET /a/api/terminal/treeDataNew": () => ({ tree: [] }),
      "GET /a/api/terminal/list": () => ({ list: [terminal], total: 1, pageNo: 1, pageSize: 50 }),
      "GET /a/api/terminal/findTerminalStatusArray": () => ({ list: [] }),
      "POST /a/api/terminalSet/getRltMonitor": () => ({
        truncated: false,
        list: [
          {
            id: 1,
            name: "Lobby",
            state: "authorised",
            status: "online",
            online: true,
            fault: null,
            lastSeenAt: null,
            reported: null,
            screenshotUrl: null,
            timezone: "Europe/Rome",
            strategyId: null,
            strategyName: null,
            ownSettings: {},
            settings: {},
            now: {
              screenOn: false,
              volume: null,
              brightness: 100,
              rotation: 0,
              downloadAllowed: true,
              nextChangeAt: null,
            },
          },
        ],
      }),
      "GET /a/api/terminalSet/onlyScreenShoot": () => ({ terminalId: 1, screenshot: null }),
      "GET /a/api/fileInfosa/findScreenshotBytreeIdAndType": () => ({
        list: [],
        total: 0,
        pageNo: 1,
        pageSize: 8,
      }),
      "POST /a/api/terminalSet/getCurTerminalProgram": () => ({ list: [] }),
      "GET /a/api/terminalSet/onlyProgramList": () => ({
        terminalId: 1,
        reportedAt: null,
        current: null,
        list: [],
      }),
      "POST /a/api/terminalSet/getCurTerminalMessage": () => ({
        terminalId: 1,
        list: [
          {
            id: 7,
            name: "Closing soon",
            publicationId: null,
            playNow: true,
            startAt: null,
            endAt: null,
            emergency: false,
            doc: {},
          },
        ],
      }),
    });
    renderPage(<SettingPanel />);
    expect(await screen.findByText("Screens")).toBeTruthy();
    expect(screen.getByText("Strategies")).toBeTruthy();
    expect(screen.getByTestId("terminal-scan")).toBeTruthy();
    expect(screen.getByTestId("terminal-setting-bar")).toBeTruthy();
    renderPage(<LivePanel id={1} name="Lobby" />);
    expect(await screen.findByText("Closing soon")).toBeTruthy();
    const monitor = await screen.findByTestId("terminal-live-monitor");
    expect(within(monitor).getByText("Europe/Rome")).toBeTruthy();
    // The screen's screenshot history is shown beside its latest picture.
    expect(await screen.findByText("No screenshot of this kind yet")).toBeTruthy();
  });
});
