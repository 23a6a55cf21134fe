// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiTokensTab } from "../src/features/personal/ApiTokensTab";
import i18n from "../src/locales";
import { fakeServer, grant, renderPage } from "./system-helpers";

const token = (
  id: number,
  name: string,
  state: "active" | "revoked",
  permissions: string[] | null = null,
) => ({
  id,
  name,
  kind: "personal",
  hint: `mqt_abc${id}…`,
  permissions,
  dataRange: null,
  dataOffices: [],
  state,
  expiresAt: "2027-03-01T09:00:00.000Z",
  lastUsedAt: id === 1 ? "2026-11-28T09:00:00.000Z" : null,
  lastUsedIp: id === 1 ? "10.0.0.5" : null,
  revokedAt: state === "revoked" ? "2026-11-20T09:00:00.000Z" : null,
  createdAt: "2026-11-01T09:00:00.000Z",
});

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the personal centre's API tokens", { timeout: 30_000 }, () => {
  it("lists tokens by name and state, and revokes only live ones", async () => {
    await i18n.changeLanguage("fr");
    grant(["content:material:view"]);
    const server = fakeServer({
      "GET /a/api/token/list": () => ({
        list: [token(1, "déploiement", "active"), token(2, "ancien", "revoked", ["content:material:view"])],
      }),
      "POST /a/api/token/revoke": () => ({}),
    });
    renderPage(<ApiTokensTab />);
    expect(await screen.findByText("déploiement")).toBeTruthy();
    expect(screen.getByText("Actif")).toBeTruthy();
    expect(screen.getByText("Révoqué")).toBeTruthy();
    expect(screen.getByText("Toutes mes permissions")).toBeTruthy();
    expect(screen.getByText("1 choisie")).toBeTruthy();
    expect(screen.queryByTestId("token-revoke-2")).toBeNull();
    fireEvent.click(screen.getByTestId("token-revoke-1"));
    fireEvent.click(
      await screen
        .findByRole("button", { name: "OK" })
        .catch(() => screen.getAllByRole("button").at(-1) as HTMLElement),
    );
    await waitFor(() => expect(server.calls.some((c) => c.path === "/a/api/token/revoke")).toBe(true));
    expect(server.calls.find((c) => c.path === "/a/api/token/revoke")?.body).toEqual({ id: 1 });
  });

  it("makes a token and shows its secret once, with only the user's own permissions to choose from", async () => {
    grant(["content:material:view"]);
    let listed = [] as ReturnType<typeof token>[];
    const server = fakeServer({
      "GET /a/api/token/list": () => ({ list: listed }),
      "POST /a/api/token/save": () => {
        listed = [token(7, "ci", "active")];
        return { token: "mqt_SECRETSECRETSECRET", item: listed[0] };
      },
    });
    renderPage(<ApiTokensTab />);
    expect(await screen.findByText("No API tokens yet")).toBeTruthy();
    fireEvent.click(screen.getByTestId("token-new"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByTestId("token-name"), { target: { value: "ci" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findByTestId("token-secret")).toBeTruthy();
    expect(screen.getByTestId("token-secret").textContent).toContain("mqt_SECRETSECRETSECRET");
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    const save = server.calls.find((c) => c.path === "/a/api/token/save");
    expect(save?.body).toEqual({ name: "ci", expiresInDays: 90 });
    expect(await screen.findByText("ci")).toBeTruthy();
  });
});
