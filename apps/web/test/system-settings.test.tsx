// @vitest-environment jsdom
import {
  SETTING_GROUPS,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  settingScope,
  settingType,
} from "@marquee/contracts";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import SystemSettingsPage from "../src/features/system/SystemSettingsPage";
import {
  effectiveUploadLimitMb,
  groupTypes,
  settingErrors,
  switchValue,
} from "../src/features/system/settingValues";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

/** What getKey?debugTypes=1 answers: the definitions come from the same contracts the server uses. */
function settingsAnswer(values: Record<string, unknown> = {}, keys: readonly SettingKey[] = SETTING_KEYS) {
  const types = Object.fromEntries(keys.map((k) => [k, settingType(k)]));
  const jsonObject = Object.fromEntries(keys.map((k) => [k, SETTINGS[k].default]));
  return { jsonObject: { ...jsonObject, ...values }, types };
}

/** What an agent's or customer's user gets: every key but the platform's own. */
const TENANT_KEYS = SETTING_KEYS.filter((k) => settingScope(k) !== "platform");

const EDIT = ["sys:setting:view", "sys:setting:edit"];
const row = (key: string) => screen.getByTestId(`setting-row-${key}`);
const saveButton = (key: string) => screen.getByTestId(`setting-save-${key}`) as HTMLButtonElement;

async function openPage(values: Record<string, unknown> = {}, extra: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    "GET /a/api/sysSetting/getKey": () => settingsAnswer(values),
    "POST /a/api/sysSetting/saveKey": () => ({}),
    ...extra,
  });
  renderPage(<SystemSettingsPage />);
  await screen.findByTestId("system-settings");
  return server;
}

describe("settings helpers", () => {
  it("groups the definitions in screen order and reads the rules of the upload limit", () => {
    const groups = groupTypes(settingsAnswer().types);
    expect(groups.map((g) => g.group)).toEqual([...SETTING_GROUPS]);
    expect(groups[0]?.types.map((t) => t.key)).toEqual(["uploadLimitOpen", "uploadLimitSize"]);
    expect(effectiveUploadLimitMb(false, 400)).toBe(10240);
    expect(effectiveUploadLimitMb(true, 400)).toBe(400);
    expect(effectiveUploadLimitMb("true", 12)).toBe(12);
    expect(switchValue(true, settingType("capacitySetting"))).toBe("true");
    expect(switchValue(false, settingType("audit"))).toBe(false);
    expect(
      settingErrors(
        [
          { field: "minLength", message: "must be at least 6" },
          { field: "classes", message: "is required" },
        ],
        "x",
      ),
    ).toEqual({ own: null, fields: { minLength: "must be at least 6", classes: "is required" } });
    expect(settingErrors([{ field: "body", message: "must be at most 10240" }], "x").own).toBe(
      "must be at most 10240",
    );
  });
});

// Rendering every editor in jsdom takes seconds on a busy machine.
describe("SystemSettingsPage", { timeout: 30_000 }, () => {
  it("shows every key in its group with a typed editor and its default", async () => {
    grant(EDIT);
    await openPage();
    for (const group of SETTING_GROUPS) expect(screen.getByTestId(`setting-group-${group}`)).toBeTruthy();
    for (const key of SETTING_KEYS) expect(screen.getByTestId(`setting-${key}`), key).toBeTruthy();
    expect(screen.getByTestId("setting-default-uploadLimitSize").textContent).toBe("Default: 400 MB");
    expect(screen.getByTestId("setting-default-audit").textContent).toBe("Default: Off");
    expect(screen.getByTestId("setting-default-landingEncryption").textContent).toBe("Default: On");
    expect(screen.getByTestId("setting-default-smtp").textContent).toBe("Default: Not configured");
    expect(screen.getByTestId("setting-default-passwordPolicy").textContent).toBe(
      "Default: at least 8 characters, 2 kinds of character, never expires",
    );
    expect(screen.getByTestId("setting-default-weatherProvider").textContent).toBe(
      "Default: Open-Meteo (online service)",
    );
    // typed editors
    expect(within(screen.getByTestId("setting-audit")).getByRole("switch")).toBeTruthy();
    expect(within(screen.getByTestId("setting-terminalHeartbeatSec")).getByRole("spinbutton")).toBeTruthy();
    expect(within(screen.getByTestId("setting-defaultTimezone")).getByRole("combobox")).toBeTruthy();
    expect(screen.getByTestId("setting-passwordPolicy-minLength")).toBeTruthy();
    // the rule of spec §5/§9 while the limit is off, and what is not in use
    expect(screen.getByTestId("setting-upload-effective").textContent).toBe(
      "Uploads may now be up to 10240 MB.",
    );
    expect(screen.getByTestId("setting-inactive-uploadLimitSize").textContent).toBe(
      "Not in use while Upload size limit is not On",
    );
    expect(screen.queryByTestId("setting-inactive-weatherUrl")).toBeNull();
    expect(screen.getByTestId("setting-inactive-weatherFile")).toBeTruthy();
    // the customer centre is shown, not edited here
    expect(screen.queryByTestId("setting-save-callCenter")).toBeNull();
    expect(screen.getByText("Edit in the customer centre")).toBeTruthy();
  });

  it("saves one key with saveKey once it changed", async () => {
    grant(EDIT);
    const { calls } = await openPage();
    expect(saveButton("uploadLimitSize").disabled).toBe(true);
    const input = within(screen.getByTestId("setting-uploadLimitSize")).getByRole("spinbutton");
    fireEvent.change(input, { target: { value: "2048" } });
    await waitFor(() => expect(saveButton("uploadLimitSize").disabled).toBe(false));
    expect(within(row("uploadLimitSize")).getByText("Not saved")).toBeTruthy();
    fireEvent.click(saveButton("uploadLimitSize"));
    await waitFor(() => expect(saveButton("uploadLimitSize").disabled).toBe(true));
    const saves = calls.filter((c: Call) => c.path === "/a/api/sysSetting/saveKey");
    expect(saves.map((c) => c.body)).toEqual([{ key: "uploadLimitSize", value: 2048 }]);
    expect(within(row("uploadLimitSize")).queryByText("Not saved")).toBeNull();

    // a switch holding strings saves strings
    fireEvent.click(within(screen.getByTestId("setting-capacitySetting")).getByRole("switch"));
    fireEvent.click(saveButton("capacitySetting"));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("saveKey"))).toHaveLength(2));
    expect(calls.at(-1)?.body).toEqual({ key: "capacitySetting", value: "true" });
  });

  it("resets to the default, and saves it like any value", async () => {
    grant(EDIT);
    const { calls } = await openPage({ terminalHeartbeatSec: 90 });
    const input = within(screen.getByTestId("setting-terminalHeartbeatSec")).getByRole(
      "spinbutton",
    ) as HTMLInputElement;
    expect(input.value).toBe("90");
    fireEvent.click(screen.getByTestId("setting-reset-terminalHeartbeatSec"));
    await waitFor(() => expect(input.value).toBe(String(SETTINGS.terminalHeartbeatSec.default)));
    fireEvent.click(saveButton("terminalHeartbeatSec"));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("saveKey"))).toBe(true));
    expect(calls.at(-1)?.body).toEqual({
      key: "terminalHeartbeatSec",
      value: SETTINGS.terminalHeartbeatSec.default,
    });
  });

  it("shows the server's field errors under the field they concern", async () => {
    grant(EDIT);
    let answer: { status: number; json: unknown } = { status: 400, json: {} };
    await openPage(
      {},
      {
        "POST /a/api/sysSetting/saveKey": () => answer,
      },
    );
    answer = {
      status: 400,
      json: {
        code: 400,
        msg: "body: must be a URL",
        errors: [{ field: "body", message: "must be an http or https address" }],
      },
    };
    const tiles = within(screen.getByTestId("setting-mapTileUrl")).getByRole("textbox");
    fireEvent.change(tiles, { target: { value: "ftp://tiles" } });
    fireEvent.click(saveButton("mapTileUrl"));
    expect((await screen.findByTestId("setting-error-mapTileUrl")).textContent).toBe(
      "must be an http or https address",
    );

    answer = {
      status: 400,
      json: {
        code: 400,
        msg: "minLength: must be at least 6",
        errors: [{ field: "minLength", message: "must be at least 6" }],
      },
    };
    const min = within(screen.getByTestId("setting-passwordPolicy-minLength")).getByRole("spinbutton");
    fireEvent.change(min, { target: { value: "12" } });
    fireEvent.click(saveButton("passwordPolicy"));
    expect((await screen.findByTestId("setting-passwordPolicy-minLength-error")).textContent).toBe(
      "must be at least 6",
    );
    // editing again clears it
    fireEvent.change(min, { target: { value: "13" } });
    await waitFor(() => expect(screen.queryByTestId("setting-passwordPolicy-minLength-error")).toBeNull());
  });

  it("is read-only without sys:setting:edit", async () => {
    grant(["sys:setting:view"]);
    await openPage();
    expect(
      screen.getByText(
        "You can see the settings; changing them needs the permission to edit system settings.",
      ),
    ).toBeTruthy();
    const sw = within(screen.getByTestId("setting-audit")).getByRole("switch") as HTMLButtonElement;
    expect(sw.disabled).toBe(true);
    expect(saveButton("audit").disabled).toBe(true);
    expect(saveButton("audit").title).toBe("no permission");
    expect((screen.getByTestId("setting-reset-audit") as HTMLButtonElement).disabled).toBe(true);
  });

  it("saves the alarm rules only with terminal:alarm:rules, and marks them as kept per tenant", async () => {
    grant(EDIT);
    await openPage();
    expect(screen.getByTestId("setting-per-tenant-alarmRules").textContent).toBe("Per agent and customer");
    expect(screen.queryByTestId("setting-per-tenant-audit")).toBeNull();
    expect(saveButton("alarmRules").title).toBe("no permission");
    expect(
      (
        within(screen.getByTestId("setting-alarmRules")).getByLabelText(
          "Offline alarm after",
        ) as HTMLInputElement
      ).disabled,
    ).toBe(true);
    cleanup();
    grant([...EDIT, "terminal:alarm:rules"]);
    await openPage();
    const minutes = within(screen.getByTestId("setting-alarmRules")).getByLabelText("Offline alarm after");
    expect((minutes as HTMLInputElement).disabled).toBe(false);
  });

  it("shows an agent's or customer's user the keys they read, and lets them edit only their own", async () => {
    grant(["sys:setting:view", "terminal:alarm:rules"]);
    const server = fakeServer({
      "GET /a/api/sysSetting/getKey": () => settingsAnswer({}, TENANT_KEYS),
      "POST /a/api/sysSetting/saveKey": () => ({}),
    });
    renderPage(<SystemSettingsPage />);
    await screen.findByTestId("system-settings");
    expect(screen.getByTestId("setting-tenant-view").textContent).toContain(
      "Most of these settings are set by the platform.",
    );
    expect(
      screen.queryByText(
        "You can see the settings; changing them needs the permission to edit system settings.",
      ),
    ).toBeNull();
    expect(screen.queryByTestId("setting-smtp")).toBeNull();
    expect(screen.queryByTestId("setting-group-mail")).toBeNull();
    expect(saveButton("audit").title).toBe("no permission");
    const minutes = within(screen.getByTestId("setting-alarmRules")).getByLabelText("Offline alarm after");
    fireEvent.change(minutes, { target: { value: "25" } });
    await waitFor(() => expect(saveButton("alarmRules").disabled).toBe(false));
    fireEvent.click(saveButton("alarmRules"));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith("saveKey"))).toBe(true));
    expect(server.calls.at(-1)?.body).toEqual({
      key: "alarmRules",
      value: { ...SETTINGS.alarmRules.default, offlineMinutes: 25 },
    });
  });

  it("sends a test mail through the saved SMTP server and shows the answer", async () => {
    grant(EDIT);
    let answer: { status: number; json: unknown } = {
      status: 200,
      json: { msg: "A test mail was sent to admin@marquee.test", to: "admin@marquee.test" },
    };
    const { calls } = await openPage(
      {
        smtp: { host: "mail.example", port: 25, secure: false, username: "", password: "", from: "a@b.c" },
      },
      { "POST /a/api/sysSetting/testMail": () => answer },
    );
    const test = screen.getByTestId("setting-smtp-test") as HTMLButtonElement;
    expect(test.disabled).toBe(false);
    fireEvent.click(test);
    expect((await screen.findByTestId("setting-smtp-test-result")).textContent).toContain(
      "A test mail was sent to admin@marquee.test",
    );
    expect(calls.at(-1)?.body).toEqual({});

    answer = {
      status: 502,
      json: { code: 502, msg: "The SMTP server refused the test mail: 535 Authentication failed (EAUTH)" },
    };
    fireEvent.change(screen.getByTestId("setting-smtp-test-to"), { target: { value: "ops@example.test" } });
    await act(async () => fireEvent.click(test));
    await waitFor(() =>
      expect(screen.getByTestId("setting-smtp-test-result").textContent).toContain(
        "535 Authentication failed (EAUTH)",
      ),
    );
    expect(calls.at(-1)?.body).toEqual({ to: "ops@example.test" });

    // unsaved SMTP changes: save first
    const host = within(screen.getByTestId("setting-smtp-host")).getByRole("textbox");
    fireEvent.change(host, { target: { value: "mail2.example" } });
    await waitFor(() => expect(test.disabled).toBe(true));
  });

  it("keeps the test mail off while no SMTP server is saved", async () => {
    grant(EDIT);
    await openPage();
    expect((screen.getByTestId("setting-smtp-test") as HTMLButtonElement).disabled).toBe(true);
    expect(within(row("smtp")).getAllByText("Save the mail server first").length).toBeGreaterThan(0);
  });
});
