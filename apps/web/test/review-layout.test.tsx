// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import MaterialReviewPage from "../src/features/material/MaterialReviewPage";
import PlanReviewPage from "../src/features/playPlan/PlanReviewPage";
import ProgramReviewPage from "../src/features/program/ProgramReviewPage";
import MessageReviewPage from "../src/features/publishMessage/MessageReviewPage";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

const when = "2024-05-01T08:00:00.000Z";
const common = {
  id: 7,
  name: "Spring sale",
  state: "pending",
  version: 1,
  creatorId: 2,
  creatorName: "Ann",
  updatedByName: "Ann",
  createDate: when,
  updateDate: when,
};
const material = {
  id: 7,
  name: "Spring sale",
  type: "image",
  folderId: null,
  officeId: 1,
  size: 1024,
  md5: null,
  mime: "image/png",
  url: null,
  width: 10,
  height: 10,
  durationMs: null,
  codec: null,
  thumbUrl: null,
  fileUrl: null,
  reviewState: "pending",
  reviewNote: null,
  convertState: "none",
  convertProgress: 0,
  convertError: null,
  uploaderId: 2,
  uploaderName: "Ann",
  createDate: when,
};
const plan = {
  ...common,
  itemCount: 1,
  conflictCount: 0,
  startDate: null,
  endDate: null,
  publicationCount: 0,
  terminalCount: 0,
};
const program = {
  ...common,
  width: 1920,
  height: 1080,
  sceneCount: 1,
  widgetCount: 2,
  mediaBytes: 0,
  thumbUrl: null,
};
const message = {
  ...common,
  kind: "scroll",
  priority: "normal",
  text: "Hello",
  startAt: null,
  endAt: null,
  publicationCount: 0,
  terminalCount: 0,
};

const page = (row: object) => () => ({ list: [row], total: 1, pageNo: 1, pageSize: 20 });

const SCREENS: Array<{
  kind: string;
  Page: ComponentType;
  permission: string;
  path: string;
  row: object;
}> = [
  {
    kind: "materials",
    Page: MaterialReviewPage,
    permission: "content:material:review",
    path: "/a/api/material/checklist",
    row: material,
  },
  {
    kind: "plans",
    Page: PlanReviewPage,
    permission: "content:playPlan:review",
    path: "/a/api/playPlan/checklist",
    row: plan,
  },
  {
    kind: "programs",
    Page: ProgramReviewPage,
    permission: "content:program:review",
    path: "/a/api/publishProgram/checklist",
    row: program,
  },
  {
    kind: "messages",
    Page: MessageReviewPage,
    permission: "content:message:review",
    path: "/a/api/publishMessage/checklist",
    row: message,
  },
];

describe("the four review screens share one layout", () => {
  it.each(SCREENS)("$kind: title, state control, batch wording with the count, 20 rows a page", async (s) => {
    grant([s.permission, "content:material:view"]);
    const { calls } = fakeServer({ [`GET ${s.path}`]: page(s.row) });
    renderPage(<s.Page />);

    const layout = await screen.findByTestId("review-layout");
    expect(within(layout).getByText(`Review: ${s.kind}`)).toBeTruthy();

    // The state is one segmented control: pending, approved, rejected.
    const view = screen.getByTestId("review-view");
    expect(view.className).toContain("ant-segmented");
    expect(within(view).getAllByRole("radio")).toHaveLength(3);
    expect(within(view).getByText("Pending review")).toBeTruthy();

    // The batch buttons say what they do and to how many.
    expect(screen.getByTestId("review-approve-batch").textContent).toBe("Approve selected (0)");
    expect(screen.getByTestId("review-reject-batch").textContent).toBe("Reject selected (0)");
    await screen.findByText("Spring sale");
    const table = screen.getByTestId("review-table");
    const box = table.querySelector("tbody input[type=checkbox]");
    if (!box) throw new Error("no row checkbox");
    fireEvent.click(box);
    await waitFor(() =>
      expect(screen.getByTestId("review-approve-batch").textContent).toBe("Approve selected (1)"),
    );

    // 20 rows a page.
    const asked = calls.find((c: Call) => c.path === s.path);
    expect(asked?.query.get("pageSize")).toBe("20");
    expect(asked?.query.get("pageNo")).toBe("1");
  });
});
