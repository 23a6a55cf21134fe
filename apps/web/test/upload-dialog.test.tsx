// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { App as AntApp } from "antd";
import { describe, expect, it, vi } from "vitest";
import { materialApi } from "../src/features/material/api";
import { UploadDialog } from "../src/features/material/UploadDialog";
import { type UploadItem, useUploadQueue } from "../src/features/material/uploadQueue";
import "./system-helpers";

const item = (key: string, stage: UploadItem["stage"]): UploadItem => ({
  key,
  file: new File(["x"], `${key}.png`),
  name: `${key}.png`,
  size: 1,
  stage,
  hashPercent: 100,
  uploadPercent: stage === "done" ? 100 : 0,
});

describe("the upload dialog", () => {
  it("opens again without the previous list: only what is still on its way stays", () => {
    // "waiting" alone would start a real upload: the active one here is past hashing, mid-way.
    useUploadQueue.setState({
      items: [item("old", "done"), item("bad", "failed"), item("going", "uploading")],
    });
    const props = {
      onClose: () => {},
      folderId: undefined,
      folderLabel: "All",
      limitMb: 100,
      used: 0,
      capacity: null,
    };
    render(
      <AntApp>
        <UploadDialog open {...props} />
      </AntApp>,
    );
    expect(useUploadQueue.getState().items.map((i) => i.key)).toEqual(["going"]);
    expect(screen.getAllByTestId("upload-item")).toHaveLength(1);
  });
});

describe("removing an upload from the queue", () => {
  it("abandons it on the server when it failed or was cancelled after the server opened it", async () => {
    const abandon = vi.spyOn(materialApi, "abandonUpload").mockResolvedValue({ code: 0, msg: "ok" });
    useUploadQueue.setState({
      items: [
        { ...item("full", "failed"), uploadId: "u-full-0123456789" },
        { ...item("stopped", "cancelled"), uploadId: "u-stopped-0123456789" },
        { ...item("stored", "done"), uploadId: "u-stored-0123456789" },
        item("never-opened", "failed"),
      ],
    });
    for (const key of ["full", "stopped", "stored", "never-opened"]) useUploadQueue.getState().remove(key);
    expect(abandon.mock.calls.map(([id]) => id)).toEqual(["u-full-0123456789", "u-stopped-0123456789"]);
    expect(useUploadQueue.getState().items).toEqual([]);
    abandon.mockRestore();
  });
});
