import { formatSize, type ProgramSummary } from "@marquee/contracts";
import { Space, type TableColumnsType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { serverPagination } from "../../components/listSelection";
import { type ContentListProps, ContentTable, sortOrderOf } from "../content/ContentTable";
import { PROGRAM_KIND, type ProgramGrants } from "./actions";
import { canvasLabel } from "./canvas";
import type { ProgramSort } from "./filters";
import { formatTime } from "./format";
import { ProgramActions, type ProgramOps } from "./ProgramActions";
import { ProgramThumb } from "./ProgramThumb";
import { StateTag } from "./StateTag";

/** What both views of program management show and report. */
export type ProgramViewProps = ContentListProps<ProgramSummary, ProgramSort, ProgramGrants, ProgramOps>;

/** Server-side paging shared by the cards and the table. */
export const pagination = serverPagination;

/** The table view: thumbnails, sizes, states, creators and dates, sorted by the server. */
export function ProgramTable(p: ProgramViewProps) {
  const { t } = useTranslation();
  const sortOrder = sortOrderOf(p);
  const columns: TableColumnsType<ProgramSummary> = [
    {
      key: "name",
      title: t("program.list.columns.name"),
      sorter: true,
      sortOrder: sortOrder("name"),
      width: 320,
      render: (_, r) => (
        <Space>
          <ProgramThumb program={r} width={64} height={40} />
          {p.grants.edit ? (
            <Typography.Link onClick={() => p.ops.edit(r)} ellipsis style={{ maxWidth: 220 }} title={r.name}>
              {r.name}
            </Typography.Link>
          ) : (
            <Typography.Text ellipsis style={{ maxWidth: 220 }} title={r.name}>
              {r.name}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: "canvas",
      title: t("program.list.columns.canvas"),
      width: 120,
      render: (_, r) => canvasLabel(r.width, r.height),
    },
    {
      key: "state",
      title: t("program.list.columns.state"),
      width: 130,
      render: (_, r) => <StateTag state={r.state} />,
    },
    {
      key: "content",
      title: t("program.list.columns.content"),
      width: 170,
      render: (_, r) => t("program.list.contentOf", { scenes: r.sceneCount, widgets: r.widgetCount }),
    },
    {
      key: "media",
      title: t("program.list.columns.media"),
      width: 100,
      render: (_, r) => formatSize(r.mediaBytes),
    },
    {
      key: "creator",
      title: t("program.list.columns.creator"),
      width: 120,
      render: (_, r) => r.creatorName ?? "",
    },
    {
      key: "updateDate",
      title: t("program.list.columns.updated"),
      sorter: true,
      sortOrder: sortOrder("updateDate"),
      width: 170,
      render: (_, r) => formatTime(r.updateDate),
    },
    {
      key: "createDate",
      title: t("program.list.columns.created"),
      sorter: true,
      sortOrder: sortOrder("createDate"),
      width: 170,
      render: (_, r) => formatTime(r.createDate),
    },
    {
      key: "actions",
      title: t("program.list.columns.actions"),
      width: 110,
      fixed: "right",
      render: (_, r) => <ProgramActions program={r} grants={p.grants} ops={p.ops} />,
    },
  ];
  return <ContentTable kind={PROGRAM_KIND} list={p} columns={columns} scrollX={1410} />;
}
