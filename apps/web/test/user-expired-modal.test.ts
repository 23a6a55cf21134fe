// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { createElement } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PasswordExpiredModal } from "../src/features/session/PasswordExpiredModal";
import { offerPasswordChange, useExpiredPassword } from "../src/features/session/signIn";
import { PasswordPolicyHint } from "../src/features/user/PasswordPolicyHint";
import i18n from "../src/locales";
import { HttpError } from "../src/services/http";
import { sessionApi } from "../src/services/session";

/** The sign-in answer of right credentials whose password must change (as the server sends it). */
const expiredAnswer = () =>
  new HttpError("Your password has expired; choose a new one to sign in", 400, {
    code: 400,
    msg: "Your password has expired; choose a new one to sign in",
    passwordExpired: true,
    reason: "expired",
    passwordPolicy: { minLength: 10, classes: 3, expiryDays: 90 },
  });

beforeAll(async () => {
  // antd reads these in jsdom
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useExpiredPassword.getState().close();
});

describe("the password policy hint", () => {
  it("states the policy in words and ticks what the password meets", () => {
    render(
      createElement(PasswordPolicyHint, {
        policy: { minLength: 10, classes: 3, expiryDays: 0 },
        password: "abcdefghijk",
      }),
    );
    const lines = screen.getAllByRole("listitem");
    expect(lines.map((l) => l.textContent?.trim())).toEqual([
      "10 to 64 characters",
      "At least 3 of the 4 kinds: lower-case letters, upper-case letters, digits, symbols",
      "It does not expire",
    ]);
    expect(lines.map((l) => l.getAttribute("data-met"))).toEqual(["true", "false", null]);
  });
});

describe("a password that must change at sign-in", () => {
  it("is understood from the server's HTTP 200 answer (no error in the browser's console): code 400 and the flag", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const body = url.includes("getPublishKey")
          ? { code: 0, msg: "Success", landingEncryption: false, publicKeyJson: {} }
          : { ...(expiredAnswer().body as object) };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const err = await sessionApi.login({ username: "bob", password: "Old-pass-1" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(offerPasswordChange(err, { username: "bob", password: "Old-pass-1" })).toBe(true);
    expect(useExpiredPassword.getState().pending).toMatchObject({ username: "bob", reason: "expired" });
  });

  it("is offered only for the server's passwordExpired answer", () => {
    expect(
      offerPasswordChange(new HttpError("Wrong username or password", 400, null), {
        username: "a",
        password: "b",
      }),
    ).toBe(false);
    expect(offerPasswordChange(expiredAnswer(), { username: "bob", password: "Old-pass-1" })).toBe(true);
    expect(useExpiredPassword.getState().pending).toEqual({
      username: "bob",
      password: "Old-pass-1",
      reason: "expired",
      policy: { minLength: 10, classes: 3, expiryDays: 90 },
    });
  });

  it("sends the old and the new password to pwdPastDueModify, then signs in with the new one", async () => {
    const calls: Array<{ url: string; body: string }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: String(init?.body ?? "") });
        const body = url.includes("getPublishKey")
          ? { code: 0, msg: "Success", landingEncryption: false, publicKeyJson: {} }
          : { code: 0, msg: "Success" };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    const onChanged = vi.fn();
    render(createElement(App, null, createElement(PasswordExpiredModal, { onChanged })));
    act(() => {
      offerPasswordChange(expiredAnswer(), { username: "bob", password: "Old-pass-1" });
    });
    const modal = await screen.findByTestId("password-expired-modal");
    expect(modal.textContent).toContain("Your password has expired. Choose a new one to sign in.");
    expect(modal.textContent).toContain("10 to 64 characters");

    // too weak for the policy: refused before anything is sent
    fireEvent.change(screen.getByTestId("password-expired-new"), { target: { value: "weakpass" } });
    fireEvent.change(screen.getByTestId("password-expired-confirm"), { target: { value: "weakpass" } });
    fireEvent.click(screen.getByTestId("password-expired-submit"));
    await screen.findByText("The password does not meet the policy");
    expect(calls.filter((c) => c.url.includes("pwdPastDueModify"))).toHaveLength(0);

    fireEvent.change(screen.getByTestId("password-expired-new"), { target: { value: "Brand-new-pass-1" } });
    fireEvent.change(screen.getByTestId("password-expired-confirm"), {
      target: { value: "Brand-new-pass-1" },
    });
    fireEvent.click(screen.getByTestId("password-expired-submit"));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith("Brand-new-pass-1"));
    const sent = calls.find((c) => c.url.endsWith("/a/api/user/pwdPastDueModify"));
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      username: "bob",
      oldPassword: "Old-pass-1",
      newPassword: "Brand-new-pass-1",
      validateCode: "",
    });
    expect(useExpiredPassword.getState().pending).toBeNull();
  });
});
