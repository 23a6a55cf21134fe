import { DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import { formatSize, type Material } from "@marquee/contracts";
import { Button, Space, Table, Tooltip, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { type FitColumns, SELECTION_WIDTH, useFitColumns } from "../../components/fitColumns";
import { rowSelectionAcrossPages, serverPagination } from "../../components/listSelection";
import { ConvertStatus } from "./ConvertStatus";
import { formatDimensions, formatDuration, isFileType } from "./format";
import { SORT_FIELDS, type SortField } from "./MaterialFilters";
import { MaterialThumb } from "./MaterialThumb";
import { ReviewTag } from "./ReviewTag";

export interface MaterialViewProps {
  rows: Material[];
  loading: boolean;
  total: number;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number, pageSize: number) => void;
  selected: ReadonlyMap<number, Material>;
  onSelect: (selected: Map<number, Material>) => void;
  onPreview: (m: Material) => void;
  onRename?: (m: Material) => void;
  onDelete?: (m: Material) => void;
  sort: SortField;
  order: "asc" | "desc";
  onSort: (sort: SortField, order: "asc" | "desc") => void;
}

export const pagination = serverPagination;

/** Details a material type has: dimensions and/or duration. */
export function mediaFacts(m: Material): string {
  return [formatDimensions(m.width, m.height), formatDuration(m.durationMs)].filter(Boolean).join(" · ");
}

/** The list view: a table with server-side paging and sorting. */
export function MaterialTable(p: MaterialViewProps) {
  const { t } = useTranslation();
  const sortOrder = (field: SortField) =>
    p.sort === field ? (p.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  // On a narrow screen the secondary columns go, the uploader first, so that none hides behind a scroll.
  const columns: FitColumns<Material> = [
    {
      key: "name",
      title: t("material.name"),
      sorter: true,
      sortOrder: sortOrder("name"),
      width: 300,
      ellipsis: true,
      render: (_, m) => (
        <Space>
          <MaterialThumb material={m} size={40} />
          <Typography.Link onClick={() => p.onPreview(m)} ellipsis style={{ maxWidth: 230 }} title={m.name}>
            {m.name}
          </Typography.Link>
        </Space>
      ),
    },
    {
      key: "type",
      drop: 1,
      title: t("material.type"),
      sorter: true,
      sortOrder: sortOrder("type"),
      width: 110,
      render: (_, m) => t(`material.types.${m.type}`),
    },
    {
      key: "size",
      drop: 4,
      title: t("material.size"),
      sorter: true,
      sortOrder: sortOrder("size"),
      width: 100,
      render: (_, m) => (isFileType(m.type) ? formatSize(m.size) : ""),
    },
    { key: "facts", drop: 5, title: t("material.facts"), width: 150, render: (_, m) => mediaFacts(m) },
    {
      key: "review",
      drop: 2,
      title: t("material.reviewState"),
      width: 110,
      render: (_, m) => <ReviewTag state={m.reviewState} />,
    },
    {
      key: "convert",
      drop: 3,
      title: t("material.convert.title"),
      width: 180,
      render: (_, m) => <ConvertStatus material={m} />,
    },
    {
      key: "uploader",
      drop: 6,
      title: t("material.uploader"),
      width: 120,
      render: (_, m) => m.uploaderName ?? "",
    },
    {
      key: "createDate",
      title: t("material.createDate"),
      sorter: true,
      sortOrder: sortOrder("createDate"),
      width: 170,
      render: (_, m) => dayjs(m.createDate).format("YYYY-MM-DD HH:mm"),
    },
    {
      key: "actions",
      title: t("material.actions"),
      width: 120,
      fixed: "right",
      render: (_, m) => (
        <Space size={0}>
          <Tooltip title={t("material.preview")}>
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              aria-label={t("material.preview")}
              data-testid="material-preview"
              onClick={() => p.onPreview(m)}
            />
          </Tooltip>
          {p.onRename && (
            <Tooltip title={t("material.rename")}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t("material.rename")}
                onClick={() => p.onRename?.(m)}
              />
            </Tooltip>
          )}
          {p.onDelete && (
            <Tooltip title={t("material.delete")}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("material.delete")}
                onClick={() => p.onDelete?.(m)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  const fit = useFitColumns(columns, SELECTION_WIDTH);
  return (
    <div ref={fit.ref}>
      <Table<Material>
        data-testid="material-table"
        rowKey="id"
        size="middle"
        scroll={{ x: fit.scrollX }}
        loading={p.loading}
        columns={fit.columns}
        dataSource={p.rows}
        locale={{ emptyText: t("material.empty") }}
        rowSelection={rowSelectionAcrossPages(p.selected, p.onSelect)}
        onChange={(_, __, sorter, extra) => {
          if (extra.action !== "sort") return;
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Material> | undefined;
          const field = SORT_FIELDS.find((f) => f === s?.columnKey);
          if (!field || !s?.order) p.onSort("createDate", "desc");
          else p.onSort(field, s.order === "ascend" ? "asc" : "desc");
        }}
        pagination={pagination(p)}
      />
    </div>
  );
}
