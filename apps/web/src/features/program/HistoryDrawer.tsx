import type { ProgramSummary } from "@marquee/contracts";
import { Space, Typography } from "antd";
import { HistoryDrawer as ContentHistoryDrawer, type HistoryKind } from "../content/HistoryDrawer";
import { PROGRAM_KIND } from "./actions";
import { programApi } from "./api";
import { StateTag } from "./StateTag";

type ProgramChange = Awaited<ReturnType<typeof programApi.history>>["list"][number];

/** A program's changes of state: from → to (or created → to), who, when, and the reviewer's note. */
const PROGRAM_HISTORY: HistoryKind<ProgramChange> = {
  content: PROGRAM_KIND,
  load: programApi.history,
  change: (c, t) =>
    c.from === c.to ? (
      // A note (or a publication) that left the state as it was.
      <StateTag state={c.to} />
    ) : (
      <Space size={4} wrap>
        {c.from ? (
          <StateTag state={c.from} />
        ) : (
          <Typography.Text>{t("program.history.created")}</Typography.Text>
        )}
        <span aria-hidden>→</span>
        <StateTag state={c.to} />
      </Space>
    ),
};

/** The changes of state of one program. */
export function HistoryDrawer({ program, onClose }: { program: ProgramSummary | null; onClose: () => void }) {
  return <ContentHistoryDrawer kind={PROGRAM_HISTORY} item={program} onClose={onClose} />;
}
