// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PlanActions } from "../src/features/playPlan/PlanActions";
import { MessageActions } from "../src/features/publishMessage/MessageActions";
import { renderPage } from "./system-helpers";

const when = "2024-05-01T08:00:00.000Z";
const base = {
  id: 3,
  name: "Spring",
  state: "approved" as const,
  version: 1,
  publicationCount: 0,
  terminalCount: 0,
  creatorId: 1,
  creatorName: "Ann",
  updatedByName: "Ann",
  createDate: when,
  updateDate: when,
};
const plan = { ...base, itemCount: 1, conflictCount: 0, startDate: null, endDate: null };
const message = {
  ...base,
  kind: "scroll" as const,
  priority: "normal" as const,
  text: "Hi",
  startAt: null,
  endAt: null,
};
const ops = () => ({
  edit: vi.fn(),
  copy: vi.fn(),
  remove: vi.fn(),
  submit: vi.fn(),
  publish: vi.fn(),
  publications: vi.fn(),
  withdraw: vi.fn(),
  history: vi.fn(),
  preview: vi.fn(),
});

/** The labels of a row's buttons, in order, before its "More actions" menu. */
const inlineLabels = (row: HTMLElement) =>
  within(row)
    .getAllByRole("button")
    .map((b) => b.getAttribute("aria-label"))
    .slice(0, 3);

describe("publishing is placed the same way for plans and messages", () => {
  it("is the second button of a plan's row, after edit and before delete", () => {
    const o = ops();
    renderPage(
      <div data-testid="row">
        <PlanActions plan={plan} grants={{ edit: true, remove: true, publish: true }} ops={o} />
      </div>,
    );
    expect(inlineLabels(screen.getByTestId("row"))).toEqual(["Edit", "Publish", "Delete"]);
    fireEvent.click(screen.getByTestId("plan-publish"));
    expect(o.publish).toHaveBeenCalledWith(plan);
  });

  it("is the second button of a message's row too, no longer under More actions", async () => {
    const o = ops();
    renderPage(
      <div data-testid="row">
        <MessageActions
          row={message}
          grants={{ edit: true, remove: true, publish: true }}
          audit={false}
          ops={o}
        />
      </div>,
    );
    expect(inlineLabels(screen.getByTestId("row"))).toEqual(["Edit", "Publish", "Delete"]);
    fireEvent.click(screen.getByTestId("message-publish"));
    expect(o.publish).toHaveBeenCalledWith(message);
    fireEvent.click(screen.getByTestId("message-more"));
    await waitFor(() => expect(screen.getByTestId("message-menu-history")).toBeTruthy());
    expect(screen.queryByTestId("message-menu-publish")).toBeNull();
  });
});
