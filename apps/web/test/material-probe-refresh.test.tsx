// @vitest-environment jsdom
import type { Material } from "@marquee/contracts";
import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { materialApi } from "../src/features/material/api";
import { awaitingProbe, useConvertProgress } from "../src/features/material/useConvertProgress";
import { fakeServer, grant, renderPage } from "./system-helpers";

const video = (over: Partial<Material>): Material => ({
  id: 9,
  name: "clip.mp4",
  type: "video",
  folderId: null,
  officeId: 1,
  size: 5000,
  md5: "0".repeat(32),
  mime: "video/mp4",
  url: null,
  width: null,
  height: null,
  durationMs: null,
  codec: null,
  thumbUrl: null,
  fileUrl: null,
  reviewState: "approved",
  reviewNote: null,
  convertState: "none",
  convertProgress: 0,
  convertError: null,
  uploaderId: 1,
  uploaderName: "Ann",
  createDate: new Date().toISOString(),
  ...over,
});

/** The material list as the page keeps it, with the conversion hook over it. */
function List() {
  const list = useQuery({
    queryKey: ["material", "list", {}],
    queryFn: () => materialApi.list({ pageNo: 1, pageSize: 20 }),
  });
  const rows = useConvertProgress(list.data?.list ?? []);
  return (
    <ul>
      {rows.map((m) => (
        <li key={m.id} data-testid="row">
          {m.name} {m.durationMs === null ? "probing" : `${m.durationMs} ms`}
        </li>
      ))}
    </ul>
  );
}

describe("a video's facts appear in the material list by themselves", () => {
  it("waits for a probe only on new video and audio files without a duration", () => {
    const now = Date.now();
    expect(awaitingProbe(video({}), now)).toBe(true);
    expect(awaitingProbe(video({ durationMs: 1000 }), now)).toBe(false);
    expect(awaitingProbe(video({ convertState: "failed" }), now)).toBe(false);
    expect(awaitingProbe(video({ type: "image" }), now)).toBe(false);
    expect(awaitingProbe(video({ createDate: new Date(now - 3_600_000).toISOString() }), now)).toBe(false);
  });

  it("asks for the list again until the probe has given size and duration", async () => {
    grant(["content:material:view"]);
    let probed = false;
    const { calls } = fakeServer({
      "GET /a/api/material/list": () => {
        const answer = {
          list: [video(probed ? { durationMs: 12000, width: 1920, height: 1080 } : {})],
          total: 1,
        };
        probed = true;
        return { ...answer, pageNo: 1, pageSize: 20 };
      },
    });
    renderPage(<List />);
    expect((await screen.findByTestId("row")).textContent).toContain("probing");
    expect(await screen.findByText(/12000 ms/, undefined, { timeout: 8000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/a/api/material/list").length).toBeGreaterThanOrEqual(2);
  });
});
