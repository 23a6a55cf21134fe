// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { App as AntApp } from "antd";
import { describe, expect, it } from "vitest";
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
