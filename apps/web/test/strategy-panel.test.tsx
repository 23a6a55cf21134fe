// @vitest-environment jsdom
import type { CommandOutcome, StrategySummary } from "@marquee/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { docProblems, strategyPreview, toDoc, toFormValues } from "../src/features/strategy/doc";
import { StrategyPanel } from "../src/features/strategy/StrategyPanel";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const ALL = [
  "terminal:device:settings",
  "terminal:device:view",
  "terminal:strategy:view",
  "terminal:strategy:edit",
  "terminal:strategy:delete",
  "terminal:strategy:send",
];

const NIGHT_DOC = {
  timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "22:00" }],
  volumes: [{ start: "12:00", end: "14:00", volume: 20 }],
  volume: 60,
};

const strategy = (over: Partial<StrategySummary> = {}): StrategySummary => ({
  id: 7,
  officeId: 5,
  officeName: "Customer One",
  tenantId: 5,
  name: "Shop hours",
  remarks: "Weekdays only",
  doc: NIGHT_DOC,
  terminalCount: 2,
  creatorName: "amy",
  createDate: "2026-01-01T10:00:00.000Z",
  updateDate: "2026-01-02T10:00:00.000Z",
  ...over,
});

const outcome = (over: Partial<CommandOutcome>): CommandOutcome => ({
  id: "c1",
  terminalId: 11,
  terminalName: "Lobby",
  name: "settings",
  state: "done",
  reason: null,
  data: null,
  createDate: "2026-01-03T10:00:00.000Z",
  doneDate: "2026-01-03T10:00:01.000Z",
  ...over,
});

function server(s: StrategySummary, extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    "GET /a/api/strategy/list": () => ({ list: [s], total: 1, pageNo: 1, pageSize: 12 }),
    "GET /a/api/terminal/treeDataNew": () => ({
      tree: [{ id: 5, name: "Customer One", kind: "office", total: 2, online: 1, children: [] }],
    }),
    "POST /a/api/strategy/saveStrategy": (call: Call) => ({
      strategy: {
        ...s,
        ...(call.body as object),
        remarks: (call.body as { remarks: string | null }).remarks,
      },
    }),
    ...extra,
  });
}

async function openEditor(name: string) {
  fireEvent.click(await screen.findByText(name));
  return screen.findByTestId("strategy-form");
}

describe("the strategy editor", { timeout: 60_000 }, () => {
  it("opens a strategy with its timers, rules and levels and saves the same document back", async () => {
    grant(ALL);
    const overnight = strategy({
      doc: { ...NIGHT_DOC, timers: [...NIGHT_DOC.timers, { weekdays: [5, 6], on: "20:00", off: "02:00" }] },
    });
    const { calls } = server(overnight);
    renderPage(<StrategyPanel />);
    expect(await screen.findByText("On/off timers: 2")).toBeTruthy();
    const form = await openEditor("Shop hours");
    expect(within(form).getAllByTestId("strategy-timer-row")).toHaveLength(2);
    expect(within(form).getAllByTestId("strategy-volume-row")).toHaveLength(1);
    // the timer crossing midnight is explained
    expect(within(form).getByTestId("strategy-timers-hint").textContent).toBe(
      "Crosses midnight: on at 20:00, off at 02:00 the next morning. It counts for the day it starts on.",
    );
    fireEvent.change(within(form).getByTestId("strategy-name"), { target: { value: "Shop hours 2" } });
    fireEvent.click(screen.getByTestId("strategy-save"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/strategy/saveStrategy")).toBe(true));
    const save = calls.find((c) => c.path === "/a/api/strategy/saveStrategy");
    expect(save?.body).toEqual({
      id: 7,
      officeId: 5,
      name: "Shop hours 2",
      remarks: "Weekdays only",
      doc: overnight.doc,
    });
    expect(await screen.findByTestId("strategy-saved")).toBeTruthy();
  });

  it("refuses overlapping volume rules before sending, and shows the server's refusal at its field", async () => {
    grant(ALL);
    const overlapping = strategy({
      name: "Loud",
      doc: {
        volumes: [
          { start: "22:00", end: "02:00", volume: 10 },
          { start: "01:00", end: "03:00", volume: 30 },
        ],
      },
    });
    const { calls } = server(overlapping, {
      "POST /a/api/strategy/saveStrategy": () => ({
        status: 409,
        json: {
          code: 409,
          msg: "A strategy named Loud already exists in this tenant",
          errors: [{ field: "name", message: "A strategy named Loud already exists in this tenant" }],
        },
      }),
    });
    renderPage(<StrategyPanel />);
    const form = await openEditor("Loud");
    fireEvent.click(screen.getByTestId("strategy-save"));
    expect(await within(form).findByText("Overlaps an earlier volume rule: one rule at a time")).toBeTruthy();
    expect(calls.some((c) => c.path === "/a/api/strategy/saveStrategy")).toBe(false);

    // with the second rule removed the save goes out, and the name conflict lands on the name field
    const rows = within(form).getAllByTestId("strategy-volume-row");
    fireEvent.click(within(rows[1] as HTMLElement).getByLabelText("Remove this rule"));
    fireEvent.click(screen.getByTestId("strategy-save"));
    expect(await within(form).findByText("A strategy named Loud already exists in this tenant")).toBeTruthy();
    const save = calls.find((c) => c.path === "/a/api/strategy/saveStrategy");
    expect((save?.body as { doc: unknown } | undefined)?.doc).toEqual({
      volumes: [{ start: "22:00", end: "02:00", volume: 10 }],
    });
  });

  it("previews the week: off hours on working days, off all weekend", async () => {
    grant(ALL);
    server(strategy({ doc: { timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "22:00" }] } }));
    renderPage(<StrategyPanel />);
    await openEditor("Shop hours");
    const days = await screen.findAllByTestId("strategy-preview-off");
    const texts = days.map((d) => d.textContent);
    expect(texts).toHaveLength(7);
    expect(texts.filter((x) => x === "Off 00:00–08:00, 22:00–24:00")).toHaveLength(5);
    expect(texts.filter((x) => x === "Off all day")).toHaveLength(2);
  });
});

describe("sending", { timeout: 30_000 }, () => {
  it("shows one result per screen and retries the failed ones through sendStrategy", async () => {
    grant(ALL);
    const { calls } = server(strategy(), {
      "POST /a/api/strategy/sendStrategy": (call: Call) =>
        (call.body as { terminalIds?: number[] }).terminalIds
          ? { list: [outcome({ id: "c3", terminalId: 12, terminalName: "Hall", state: "done" })] }
          : {
              list: [
                outcome({ id: "c1" }),
                outcome({
                  id: "c2",
                  terminalId: 12,
                  terminalName: "Hall",
                  state: "offline",
                  reason: "offline",
                }),
              ],
            },
    });
    renderPage(<StrategyPanel />);
    fireEvent.click(await screen.findByTestId("strategy-send"));
    const drawer = await screen.findByTestId("terminal-command-drawer");
    await waitFor(() => expect(within(drawer).getAllByTestId("terminal-command-outcome")).toHaveLength(2));
    expect(calls.find((c) => c.path === "/a/api/strategy/sendStrategy")?.body).toEqual({ id: 7 });
    fireEvent.click(within(drawer).getByTestId("terminal-command-retry"));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/a/api/strategy/sendStrategy").map((c) => c.body)).toEqual([
        { id: 7 },
        { id: 7, terminalIds: [12] },
      ]),
    );
  });

  it("deletes a strategy and shows what became of its released screens", async () => {
    grant(ALL);
    const { calls } = server(strategy(), {
      "POST /a/api/strategy/deleteStrategy": () => ({ list: [outcome({ id: "c9", state: "done" })] }),
    });
    renderPage(<StrategyPanel />);
    await screen.findByText("Shop hours");
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByText(
      "Delete 1 strategy? The screens following it fall back to their own settings.",
    );
    const popover = confirm.closest(".ant-popover") as HTMLElement;
    fireEvent.click(within(popover).getByRole("button", { name: "Delete" }));
    const drawer = await screen.findByTestId("terminal-command-drawer");
    await waitFor(() => expect(within(drawer).getAllByTestId("terminal-command-outcome")).toHaveLength(1));
    expect(calls.find((c) => c.path === "/a/api/strategy/deleteStrategy")?.body).toEqual({ ids: [7] });
  });

  it("disables the writes without their permissions", async () => {
    grant(["terminal:device:settings", "terminal:strategy:view"]);
    server(strategy());
    renderPage(<StrategyPanel />);
    expect(((await screen.findByTestId("strategy-new")) as HTMLButtonElement).disabled).toBe(true);
    expect(((await screen.findByTestId("strategy-send")) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("strategy-new").getAttribute("title")).toBeTruthy();
  });
});

describe("the document helpers", () => {
  it("round-trips a stored document through the form's values", () => {
    const s = strategy({ doc: { ...NIGHT_DOC, brightness: 40 } });
    expect(toDoc(toFormValues(s))).toEqual(s.doc);
    expect(toDoc({ ...toFormValues(s), useVolume: false, volumes: [] })).toEqual({
      timers: NIGHT_DOC.timers,
      brightness: 40,
    });
  });

  it("finds the same problems the server would, at the form's fields", () => {
    expect(docProblems({ timers: [{ weekdays: [1], on: "24:00", off: "08:00" }] })).toEqual([
      { name: ["timers", 0, "on"], key: "timeInvalid" },
    ]);
    expect(docProblems(NIGHT_DOC)).toEqual([]);
  });

  it("previews an overnight timer on the day it starts and the morning after", () => {
    // Friday 2026-01-09, noon UTC; the timer runs Friday 20:00 to Saturday 02:00
    const days = strategyPreview(
      { timers: [{ weekdays: [5], on: "20:00", off: "02:00" }] },
      Date.UTC(2026, 0, 9, 12),
      "UTC",
    );
    expect(days[0]?.offHours).toEqual(["00:00–20:00"]);
    expect(days[1]?.offHours).toEqual(["02:00–24:00"]);
    expect(days[2]?.offHours).toEqual(["00:00–24:00"]);
  });
});
