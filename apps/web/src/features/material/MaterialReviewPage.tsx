import { CheckOutlined, CloseOutlined, EyeOutlined } from "@ant-design/icons";
import {
  formatSize,
  MATERIAL_TYPES,
  type Material,
  type MaterialType,
  type Permission,
} from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../access/authority";
import { AuthButton } from "../../components/AuthButton";
import type { FitColumns } from "../../components/fitColumns";
import { REVIEW_PAGE_SIZE, ReviewLayout, type ReviewView } from "../../components/ReviewLayout";
import { useSession } from "../../stores/session";
import { materialApi } from "./api";
import { isFileType } from "./format";
import { mediaFacts } from "./MaterialTable";
import { MaterialThumb } from "./MaterialThumb";
import { PreviewDrawer } from "./PreviewDrawer";
import { ReviewModal, type ReviewTarget } from "./ReviewModal";
import { ReviewTag } from "./ReviewTag";
import { useConvertProgress } from "./useConvertProgress";

const REVIEW: Permission = "content:material:review";
/** The decided materials are read from the library list, which asks for this. */
const VIEW: Permission = "content:material:view";
const NO_ROWS: Material[] = [];

/**
 * Material review (contentCheck/materialCheck): pending materials (checklist),
 * approve or reject with a note; the approved and rejected ones on request
 * (the library list by review state, for a reviewer who may view materials).
 */
export default function MaterialReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: REVIEW_PAGE_SIZE });
  const [name, setName] = useState("");
  const [type, setType] = useState<MaterialType | undefined>();
  const [view, setView] = useState<ReviewView>("pending");
  const [selected, setSelected] = useState<Map<number, Material>>(() => new Map());
  const [preview, setPreview] = useState<Material | null>(null);
  const [target, setTarget] = useState<ReviewTarget | null>(null);

  const query = {
    ...page,
    name: name.trim() || undefined,
    type,
    sort: "createDate" as const,
    order: "asc" as const,
  };
  const { permissions, roles } = useSession();
  const mayView = can(VIEW, VIEW, permissions, roles).can;
  const list = useQuery({
    queryKey: ["material", "checklist", view, query],
    queryFn: () =>
      view === "pending" ? materialApi.checklist(query) : materialApi.list({ ...query, reviewState: view }),
    placeholderData: keepPreviousData,
  });
  const rows = useConvertProgress(list.data?.list ?? NO_ROWS);

  const ask = (result: ReviewTarget["result"], items: Material[]) =>
    setTarget({ result, ids: items.map((m) => m.id), names: items.map((m) => m.name) });

  const done = (ids: number[]) => {
    void message.success(
      target?.result === "approved"
        ? t("material.review.approved", { count: ids.length })
        : t("material.review.rejected", { count: ids.length }),
    );
    setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))));
    if (preview && ids.includes(preview.id)) setPreview(null);
    void queryClient.invalidateQueries({ queryKey: ["material"] });
  };

  const decide = (m: Material) =>
    m.reviewState !== "pending" ? null : (
      <Space size={4}>
        <AuthButton
          size="small"
          type="link"
          operation={REVIEW}
          routePermission={REVIEW}
          label={t("material.review.approve")}
          icon={<CheckOutlined />}
          onClick={() => ask("approved", [m])}
          data-testid="review-approve"
        />
        <AuthButton
          size="small"
          type="link"
          danger
          operation={REVIEW}
          routePermission={REVIEW}
          label={t("material.review.reject")}
          icon={<CloseOutlined />}
          onClick={() => ask("rejected", [m])}
          data-testid="review-reject"
        />
      </Space>
    );

  const columns: FitColumns<Material> = [
    {
      key: "name",
      title: t("material.name"),
      render: (_, m) => (
        <Space>
          <MaterialThumb material={m} size={48} />
          <Typography.Link onClick={() => setPreview(m)} ellipsis style={{ maxWidth: 280 }}>
            {m.name}
          </Typography.Link>
        </Space>
      ),
    },
    { key: "type", title: t("material.type"), width: 110, render: (_, m) => t(`material.types.${m.type}`) },
    {
      key: "state",
      title: t("material.reviewState"),
      width: 130,
      render: (_, m) => <ReviewTag state={m.reviewState} />,
    },
    {
      key: "size",
      drop: 1,
      title: t("material.size"),
      width: 100,
      render: (_, m) => (isFileType(m.type) ? formatSize(m.size) : ""),
    },
    { key: "facts", drop: 4, title: t("material.facts"), width: 150, render: (_, m) => mediaFacts(m) },
    {
      key: "uploader",
      drop: 2,
      title: t("material.uploader"),
      width: 120,
      render: (_, m) => m.uploaderName ?? "",
    },
    {
      key: "createDate",
      drop: 3,
      title: t("material.createDate"),
      width: 170,
      render: (_, m) => dayjs(m.createDate).format("YYYY-MM-DD HH:mm"),
    },
    {
      key: "actions",
      title: t("material.actions"),
      width: 260,
      render: (_, m) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            onClick={() => setPreview(m)}
            data-testid="material-preview"
          >
            {t("material.preview")}
          </Button>
          {decide(m)}
        </Space>
      ),
    },
  ];

  return (
    <ReviewLayout<Material>
      kind="material"
      rows={rows}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
      onRefresh={() => void list.refetch()}
      page={page}
      onPage={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
      onSearch={(v) => {
        setName(v);
        setPage((p) => ({ ...p, pageNo: 1 }));
      }}
      view={view}
      onView={(v) => {
        setView(v);
        setSelected(new Map());
        setPage((p) => ({ ...p, pageNo: 1 }));
      }}
      disabledViews={mayView ? [] : ["approved", "rejected"]}
      filters={
        <Select<MaterialType>
          allowClear
          placeholder={t("material.type")}
          value={type}
          onChange={(v) => {
            setType(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 150 }}
          options={MATERIAL_TYPES.map((v) => ({ value: v, label: t(`material.types.${v}`) }))}
        />
      }
      selected={selected}
      onSelect={setSelected}
      permission={REVIEW}
      onDecide={(result) => ask(result, [...selected.values()])}
      columns={columns}
    >
      <PreviewDrawer
        material={preview}
        onClose={() => setPreview(null)}
        extra={preview ? decide(preview) : null}
      />
      <ReviewModal target={target} onClose={() => setTarget(null)} onDone={done} />
    </ReviewLayout>
  );
}
