// @vitest-environment jsdom
import { type AlarmRow, DEFAULT_ALARM_RULES } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import { AlarmBell } from "../src/features/alarm/AlarmBell";
import AlarmListPage, { EMPTY_ALARM_FILTERS, toAlarmQuery } from "../src/features/alarm/AlarmListPage";
import { alarmMessage } from "../src/features/alarm/alarmText";
import i18n from "../src/locales";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const ALL = ["terminal:alarm:view", "terminal:alarm:clear", "terminal:alarm:export"];

function alarm(id: number, extra: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    terminalId: 100 + id,
    terminalName: `Screen ${id}`,
    deviceId: `dev-${id}`,
    officeId: 2,
    officeName: "Shop",
    kind: "downloadFailed",
    state: "open",
    message: `video ${id}.mp4: 404`,
    detail: null,
    count: 1,
    raisedAt: new Date(Date.UTC(2026, 0, 1, 8, 0, id)).toISOString(),
    lastAt: new Date(Date.UTC(2026, 0, 1, 9, 0, id)).toISOString(),
    clearedAt: null,
    clearedBy: null,
    clearedByName: null,
    clearNote: null,
    ...extra,
  };
}

function alarmServer(rows: AlarmRow[], extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...extra,
    "GET /a/api/abnormalAlarm/abnormalAlarmList": (c: Call) => {
      const state = c.query.get("state");
      const list = rows.filter((r) => !state || r.state === state);
      return { list, total: list.length, pageNo: Number(c.query.get("pageNo")), pageSize: 20 };
    },
    "POST /a/api/abnormalAlarm/abnormalAlarmCleanUp": (c: Call) => ({
      cleared: (c.body as { ids: number[] }).ids.length,
    }),
    "GET /a/api/abnormalAlarm/askIsHaveAbnormalAlarm": () => ({
      count: 3,
      latest: {
        id: 1,
        kind: "fault",
        terminalName: "Lobby",
        message: "panel hot",
        lastAt: "2026-01-01T00:00:00Z",
      },
    }),
  });
}

describe("alarm filters and wording", () => {
  it("sends only the filters that are set, the range to the second", () => {
    expect(toAlarmQuery({ ...EMPTY_ALARM_FILTERS, state: undefined })).toEqual({});
    expect(toAlarmQuery(EMPTY_ALARM_FILTERS)).toEqual({ state: "open" });
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [
      dayjs("2026-03-01T08:00:00.123Z"),
      dayjs("2026-03-02T18:30:00Z"),
    ];
    expect(
      toAlarmQuery({ keyword: " lobby ", kind: "offline", state: "cleared", officeId: 7, range }),
    ).toEqual({
      keyword: "lobby",
      kind: "offline",
      state: "cleared",
      officeId: 7,
      beginTime: "2026-03-01T08:00:00.000Z",
      endTime: "2026-03-02T18:30:00.999Z",
    });
  });

  it("words the rules' findings in the reader's language and keeps what a terminal said", async () => {
    const t = i18n.getFixedT("en");
    expect(alarmMessage(alarm(1, { kind: "storageLow", detail: { percent: 95, threshold: 90 } }), t)).toBe(
      "Storage 95% full (limit 90%)",
    );
    expect(alarmMessage(alarm(2, { kind: "offline", detail: { since: null, minutes: 10 } }), t)).toBe(
      "Never connected since it was authorised (limit 10 min)",
    );
    expect(alarmMessage(alarm(3), t)).toBe("video 3.mp4: 404");
    const zh = i18n.getFixedT("zh_CN");
    expect(alarmMessage(alarm(1, { kind: "storageLow", detail: { percent: 95, threshold: 90 } }), zh)).toBe(
      "存储已用 95%（阈值 90%）",
    );
  });
});

describe("alarm list page", { timeout: 30_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("shows a coded message in the reader's language and a terminal's own words as stored", async () => {
    await i18n.changeLanguage("fr");
    grant(ALL);
    alarmServer([
      alarm(1, { kind: "fault", message: '{"code":"fileHttp","values":{"file":"m9.png","status":404}}' }),
      alarm(2, { message: "panel overheated" }),
    ]);
    renderPage(<AlarmListPage />);
    const coded = await screen.findByTestId("alarm-row-1");
    expect(within(coded).getByText("Fichier m9.png : HTTP 404")).toBeTruthy();
    expect(within(screen.getByTestId("alarm-row-2")).getByText("panel overheated")).toBeTruthy();
  });

  it("lists the open alarms with their kind, state, terminal and office", async () => {
    grant(ALL);
    const { calls } = alarmServer([
      alarm(1),
      alarm(2, { kind: "offline", detail: null, message: "lost connection" }),
    ]);
    renderPage(<AlarmListPage />);
    const row = await screen.findByTestId("alarm-row-1");
    expect(within(row).getByText("Download failed")).toBeTruthy();
    expect(within(row).getByText("Screen 1")).toBeTruthy();
    expect(within(row).getByText("dev-1")).toBeTruthy();
    expect(within(row).getByText("Shop")).toBeTruthy();
    expect(within(screen.getByTestId("alarm-state-1")).getByText("Open")).toBeTruthy();
    expect(within(screen.getByTestId("alarm-row-2")).getByText("Offline")).toBeTruthy();
    expect(screen.getByTestId("alarm-count").textContent).toBe("2 alarms");
    const list = calls.find((c) => c.path === "/a/api/abnormalAlarm/abnormalAlarmList");
    expect(list?.query.get("state")).toBe("open");
    expect(list?.query.get("pageNo")).toBe("1");
  });

  it("clears the selected alarms with a note, sending their ids", async () => {
    grant(ALL);
    const { calls } = alarmServer([alarm(1), alarm(2), alarm(3)]);
    renderPage(<AlarmListPage />);
    await screen.findByTestId("alarm-row-1");
    const clear = screen.getByTestId("alarm-clear") as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    fireEvent.click(within(screen.getByTestId("alarm-row-1")).getByRole("checkbox"));
    fireEvent.click(within(screen.getByTestId("alarm-row-3")).getByRole("checkbox"));
    await waitFor(() => expect(clear.disabled).toBe(false));
    fireEvent.click(clear);
    fireEvent.change(await screen.findByTestId("alarm-clear-note"), { target: { value: "rebooted" } });
    fireEvent.click(screen.getByTestId("alarm-clear-ok"));
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/a/api/abnormalAlarm/abnormalAlarmCleanUp")).toBe(true),
    );
    const sent = calls.find((c) => c.path === "/a/api/abnormalAlarm/abnormalAlarmCleanUp");
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ ids: [1, 3], note: "rebooted" });
    expect(await screen.findByText("2 alarms cleared")).toBeTruthy();
  });

  it("sets the alarm rules of the user's own tenant in a dialog, saved with saveKey", async () => {
    grant([...ALL, "terminal:alarm:rules"]);
    let saved: { status: number; json: unknown } = { status: 200, json: {} };
    const { calls } = alarmServer([alarm(1)], {
      "GET /a/api/sysSetting/getKey": () => ({
        jsonObject: { alarmRules: { ...DEFAULT_ALARM_RULES, offlineMinutes: 45 } },
      }),
      "POST /a/api/sysSetting/saveKey": () => saved,
    });
    renderPage(<AlarmListPage />);
    await screen.findByTestId("alarm-row-1");
    fireEvent.click(screen.getByTestId("alarm-rules"));
    const dialog = await screen.findByTestId("alarm-rules-dialog");
    expect(
      within(dialog).getByText(
        "These rules apply to your screens and to those of the customers below you that keep no rules of their own.",
      ),
    ).toBeTruthy();
    const minutes = (await within(dialog).findByLabelText("Offline alarm after")) as HTMLInputElement;
    expect(minutes.value).toBe("45");
    expect(calls.find((c) => c.path === "/a/api/sysSetting/getKey")?.query.get("key")).toBe("alarmRules");

    // A refusal at a field shows under it, and the dialog stays open.
    saved = {
      status: 400,
      json: {
        code: 400,
        msg: "offlineMinutes: must be at most 10080",
        errors: [{ field: "offlineMinutes", message: "must be at most 10080" }],
      },
    };
    fireEvent.change(minutes, { target: { value: "30" } });
    fireEvent.click(screen.getByTestId("alarm-rules-save"));
    expect((await screen.findByTestId("setting-alarmRules-offlineMinutes-error")).textContent).toBe(
      "must be at most 10080",
    );

    saved = { status: 200, json: { code: 0, msg: "Success" } };
    // The refusal shows before the button stops loading; a loading button ignores a click (as a person's
    // would be, who waits for it): on a busy machine the click must wait for it too.
    await waitFor(() =>
      expect(screen.getByTestId("alarm-rules-save").classList.contains("ant-btn-loading")).toBe(false),
    );
    fireEvent.click(screen.getByTestId("alarm-rules-save"));
    expect(await screen.findByText("Alarm rules saved")).toBeTruthy();
    const saves = calls.filter((c) => c.path === "/a/api/sysSetting/saveKey");
    expect(saves.at(-1)?.body).toEqual({
      key: "alarmRules",
      value: { ...DEFAULT_ALARM_RULES, offlineMinutes: 30 },
    });
  });

  it("offers the alarm rules only to users holding terminal:alarm:rules", async () => {
    grant(ALL);
    alarmServer([alarm(1)]);
    renderPage(<AlarmListPage />);
    await screen.findByTestId("alarm-row-1");
    expect(screen.queryByTestId("alarm-rules")).toBeNull();
  });

  it("disables clearing and exporting without their permissions", async () => {
    grant(["terminal:alarm:view"]);
    alarmServer([alarm(1)]);
    renderPage(<AlarmListPage />);
    await screen.findByTestId("alarm-row-1");
    for (const id of ["alarm-clear", "alarm-export-all", "alarm-export-selected"]) {
      const button = screen.getByTestId(id) as HTMLButtonElement;
      expect(button.disabled, id).toBe(true);
      expect(button.title, id).toBe(i18n.t("common.noPermission"));
    }
  });
});

describe("alarm bell", { timeout: 30_000 }, () => {
  it("shows the open count", async () => {
    grant(ALL);
    const { calls } = alarmServer([]);
    renderPage(<AlarmBell />);
    await waitFor(() =>
      expect(screen.getByTestId("alarm-bell").getAttribute("aria-label")).toBe("Open alarms: 3"),
    );
    expect(calls.filter((c) => c.path === "/a/api/abnormalAlarm/askIsHaveAbnormalAlarm")).toHaveLength(1);
  });
});
