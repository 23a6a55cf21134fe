import { API_PREFIX, playerReason, TERMINAL_PATHS } from "@marquee/terminal-protocol";
import { capture } from "../screenshot";
import type { CommandHandler } from "./context";

/** screenshot: draw the screen and upload it under the command's id. */
export const screenshot: CommandHandler = async (c, ctx) => {
  const target = ctx.screenshotTarget();
  if (!target) return { ok: false, reason: playerReason("nothingShownYet") };
  const token = ctx.token();
  if (!token) return { ok: false, reason: playerReason("notRegistered") };
  // Screen truth: what was on screen when the picture was drawn (server clock), for the console's comparison.
  const shownAt = Date.now() - (ctx.clock()?.offsetMs ?? 0);
  const snap = ctx.snapshot();
  const programId = snap.showing?.item.id;
  const sceneId = target.element.querySelector("[data-scene-id]")?.getAttribute("data-scene-id");
  const png = await capture(target.element, target.width, target.height);
  const url = new URL(API_PREFIX + TERMINAL_PATHS.screenshot, ctx.env.origin);
  url.searchParams.set("commandId", c.id);
  url.searchParams.set("shownAt", String(Math.round(shownAt)));
  if (programId !== undefined && programId > 0) url.searchParams.set("programId", String(programId));
  if (sceneId) url.searchParams.set("sceneId", sceneId);
  url.searchParams.set("screen", snap.screen.screenOn ? "on" : "off");
  if (snap.manifest?.version) url.searchParams.set("manifest", snap.manifest.version);
  const res = await ctx.fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "image/png",
      "x-requested-with": "XMLHttpRequest",
    },
    body: png,
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const msg = body && typeof body === "object" && "msg" in body ? String(body.msg) : `HTTP ${res.status}`;
    return { ok: false, reason: playerReason("screenshotRefused", { error: msg }) };
  }
  const body: unknown = await res.json().catch(() => null);
  const md5 =
    body && typeof body === "object" && "md5" in body && typeof body.md5 === "string" ? body.md5 : null;
  return { ok: true, data: { screenshot: true, bytes: png.size, ...(md5 ? { md5 } : {}) } };
};
