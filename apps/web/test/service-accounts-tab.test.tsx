// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ServiceAccountsTab } from "../src/features/user/ServiceAccountsTab";
import i18n from "../src/locales";
import { fakeServer, grant, renderPage } from "./system-helpers";

const account = {
  id: 9,
  username: "svc_0123456789ab",
  name: "CMS sync",
  officeId: 3,
  officeName: "Acme",
  permissions: ["content:material:view", "terminal:device:view"],
  dataRange: "subtree",
  dataOffices: [],
  enabled: true,
  remarks: null,
  liveTokens: 1,
  lastUsedAt: null,
  createdAt: "2026-11-01T09:00:00.000Z",
};

const forest = [
  { value: 3, key: 3, title: "Acme", type: "customer", blocked: false, children: [] },
] as Parameters<typeof ServiceAccountsTab>[0]["forest"];

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("user management's service accounts", { timeout: 30_000 }, () => {
  it("lists accounts with their mark, and makes, disables and deletes them through their calls", async () => {
    grant(["sys:user:view", "sys:serviceAccount:manage", "content:material:view"]);
    const server = fakeServer({
      "GET /a/api/serviceAccount/list": () => ({ list: [account], total: 1, pageNo: 1, pageSize: 20 }),
      "POST /a/api/serviceAccount/save": () => ({ id: 9 }),
      "POST /a/api/serviceAccount/delete": () => ({}),
    });
    renderPage(<ServiceAccountsTab forest={forest} officeId={undefined} />);
    const row = await screen.findByTestId("service-row-CMS sync");
    expect(row.textContent).toContain("Service");
    expect(row.textContent).toContain("svc_0123456789ab");
    expect(row.textContent).toContain("2 permissions");
    fireEvent.click(within(row).getByRole("button", { name: "Disable" }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === "/a/api/serviceAccount/save")?.body).toEqual({
        id: 9,
        enabled: false,
      }),
    );
    fireEvent.click(within(row).getByTestId("service-delete-CMS sync"));
    fireEvent.click(await screen.findByRole("button", { name: "OK" }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === "/a/api/serviceAccount/delete")?.body).toEqual({ id: 9 }),
    );
  });

  it("makes a token of the account, offering only the account's permissions, and shows the secret once", async () => {
    grant(["*"]);
    const server = fakeServer({
      "GET /a/api/serviceAccount/list": () => ({ list: [account], total: 1, pageNo: 1, pageSize: 20 }),
      "GET /a/api/serviceAccount/tokenList": () => ({ list: [] }),
      "POST /a/api/serviceAccount/tokenSave": () => ({
        token: "mqt_SERVICESECRET",
        item: {
          id: 4,
          name: "job",
          kind: "service",
          hint: "mqt_SERVIC…",
          permissions: null,
          dataRange: null,
          dataOffices: [],
          state: "active",
          expiresAt: "2027-03-01T09:00:00.000Z",
          lastUsedAt: null,
          lastUsedIp: null,
          revokedAt: null,
          createdAt: "2026-11-01T09:00:00.000Z",
        },
      }),
    });
    renderPage(<ServiceAccountsTab forest={forest} officeId={undefined} />);
    fireEvent.click(await screen.findByTestId("service-tokens-CMS sync"));
    await screen.findByText("API tokens of CMS sync");
    await waitFor(() =>
      expect(
        server.calls.find((c) => c.path === "/a/api/serviceAccount/tokenList")?.query.get("serviceAccountId"),
      ).toBe("9"),
    );
    fireEvent.click(await screen.findByTestId("token-new"));
    const dialog = (await screen.findByTestId("token-name")).closest(".ant-modal") as HTMLElement;
    // The permissions offered are the account's two, not all of the administrator's.
    fireEvent.mouseDown(within(dialog).getAllByRole("combobox")[0] as HTMLElement);
    await screen.findByText("View materials");
    expect(document.querySelectorAll(".ant-select-item-option")).toHaveLength(2);
    fireEvent.change(within(dialog).getByTestId("token-name"), { target: { value: "job" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect((await screen.findByTestId("token-secret")).textContent).toContain("mqt_SERVICESECRET");
    expect(server.calls.find((c) => c.path === "/a/api/serviceAccount/tokenSave")?.body).toEqual({
      serviceAccountId: 9,
      name: "job",
      expiresInDays: 90,
    });
  });
});
