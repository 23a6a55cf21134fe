import { CONTENT_STATES, type ContentState } from "@marquee/contracts";
import { MESSAGE_KINDS, MESSAGE_POSITIONS, MESSAGE_PRIORITIES } from "@marquee/schedule";
import { describe, expect, it } from "vitest";
import { messageActions, submittable } from "../src/features/publishMessage/actions";
import en from "../src/locales/en";
import fr from "../src/locales/fr";
import it_ from "../src/locales/it";
import ru from "../src/locales/ru";
import zh_CN from "../src/locales/zh_CN";
import zh_TW from "../src/locales/zh_TW";
import { flattenMessages } from "./plural-keys";

const all = { edit: true, remove: true, publish: true };
const row = (state: ContentState, publicationCount = 0) => ({ state, publicationCount });

describe("message actions", () => {
  it("offers submitting for drafts and rejected messages only", () => {
    for (const state of CONTENT_STATES) {
      const submit = messageActions(row(state), all, false).submit;
      if (state === "draft" || state === "rejected") expect(submit, state).toEqual({ enabled: true });
      else expect(submit, state).toEqual({ enabled: false, reason: "state" });
    }
    expect(submittable([row("draft"), row("pending"), row("rejected")]).map((r) => r.state)).toEqual([
      "draft",
      "rejected",
    ]);
  });

  it("publishes anything while review is off, only approved or published ones while it is on", () => {
    for (const state of CONTENT_STATES)
      expect(messageActions(row(state), all, false).publish, state).toEqual({ enabled: true });
    expect(messageActions(row("approved"), all, true).publish).toEqual({ enabled: true });
    expect(messageActions(row("published"), all, true).publish).toEqual({ enabled: true });
    expect(messageActions(row("draft"), all, true).publish).toEqual({
      enabled: false,
      reason: "submitFirst",
    });
    expect(messageActions(row("rejected"), all, true).publish).toEqual({
      enabled: false,
      reason: "submitFirst",
    });
    expect(messageActions(row("pending"), all, true).publish).toEqual({ enabled: false, reason: "pending" });
  });

  it("withdraws only what is on terminals", () => {
    expect(messageActions(row("published", 0), all, false).withdraw).toEqual({
      enabled: false,
      reason: "notPublished",
    });
    expect(messageActions(row("published", 2), all, false).withdraw).toEqual({ enabled: true });
  });

  it("disables what the user may not do, before any other reason", () => {
    const viewer = messageActions(row("draft", 1), { edit: false, remove: false, publish: false }, true);
    for (const a of ["edit", "submit", "delete", "publish", "withdraw"] as const)
      expect(viewer[a], a).toEqual({ enabled: false, reason: "noPermission" });
    for (const a of ["preview", "history", "publications"] as const)
      expect(viewer[a], a).toEqual({ enabled: true });
    // A published message may still be chosen for delete: the server says why it refuses.
    expect(messageActions(row("published", 3), all, true).delete).toEqual({ enabled: true });
  });
});

describe("message labels", () => {
  const catalogues = { zh_CN, zh_TW, en, it: it_, ru, fr };
  it.each(Object.entries(catalogues))(
    "%s names every kind, position, priority, history event and block",
    (_, c) => {
      const m = c.publishMessage;
      for (const k of MESSAGE_KINDS) expect(m.kinds[k]).toBeTruthy();
      for (const p of MESSAGE_POSITIONS) expect(m.positions[p]).toBeTruthy();
      for (const p of MESSAGE_PRIORITIES) expect(m.priorities[p]).toBeTruthy();
      for (const e of ["create", "edit", "submit", "review", "note", "publish", "withdraw"] as const)
        expect(m.history.events[e]).toBeTruthy();
      for (const b of ["state", "submitFirst", "pending", "notPublished"] as const)
        expect(m.blocks[b]).toBeTruthy();
      expect(Object.keys(flattenMessages(m)).sort()).toEqual(
        Object.keys(flattenMessages(en.publishMessage)).sort(),
      );
    },
  );
});
