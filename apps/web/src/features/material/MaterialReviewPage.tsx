import { CheckOutlined, CloseOutlined, EyeOutlined, ReloadOutlined } from "@ant-design/icons";
import { formatSize, MATERIAL_TYPES, type Material, type MaterialType } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Input, Select, Space, Table, type TableColumnsType, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { materialApi } from "../../services/material";
import { isFileType } from "./format";
import { mediaFacts } from "./MaterialTable";
import { MaterialThumb } from "./MaterialThumb";
import { PreviewDrawer } from "./PreviewDrawer";
import { ReviewModal, type ReviewTarget } from "./ReviewModal";
import { useConvertProgress } from "./useConvertProgress";

const REVIEW = "content:material:review";
const NO_ROWS: Material[] = [];

/** Material review (contentCheck/materialCheck): pending materials, approve or reject with a note. */
export default function MaterialReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [name, setName] = useState("");
  const [type, setType] = useState<MaterialType | undefined>();
  const [selected, setSelected] = useState<Material[]>([]);
  const [preview, setPreview] = useState<Material | null>(null);
  const [target, setTarget] = useState<ReviewTarget | null>(null);

  const query = {
    ...page,
    name: name.trim() || undefined,
    type,
    sort: "createDate" as const,
    order: "asc" as const,
  };
  const list = useQuery({
    queryKey: ["material", "checklist", query],
    queryFn: () => materialApi.checklist(query),
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
    setSelected((s) => s.filter((m) => !ids.includes(m.id)));
    if (preview && ids.includes(preview.id)) setPreview(null);
    void queryClient.invalidateQueries({ queryKey: ["material"] });
  };

  const decide = (m: Material) => (
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

  const columns: TableColumnsType<Material> = [
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
      key: "size",
      title: t("material.size"),
      width: 100,
      render: (_, m) => (isFileType(m.type) ? formatSize(m.size) : ""),
    },
    { key: "facts", title: t("material.facts"), width: 150, render: (_, m) => mediaFacts(m) },
    { key: "uploader", title: t("material.uploader"), width: 120, render: (_, m) => m.uploaderName ?? "" },
    {
      key: "createDate",
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
    <Card
      title={t("material.review.title")}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
          {t("material.refresh")}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t("material.searchName")}
          onSearch={(v) => {
            setName(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 220 }}
        />
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
        <AuthButton
          type="primary"
          operation={REVIEW}
          routePermission={REVIEW}
          label={t("material.review.approveSelected", { count: selected.length })}
          icon={<CheckOutlined />}
          disabled={selected.length === 0}
          onClick={() => ask("approved", selected)}
          data-testid="review-approve-batch"
        />
        <AuthButton
          danger
          operation={REVIEW}
          routePermission={REVIEW}
          label={t("material.review.rejectSelected", { count: selected.length })}
          icon={<CloseOutlined />}
          disabled={selected.length === 0}
          onClick={() => ask("rejected", selected)}
          data-testid="review-reject-batch"
        />
      </Space>
      <Table<Material>
        data-testid="review-table"
        rowKey="id"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t("material.review.empty") }}
        rowSelection={{
          selectedRowKeys: selected.map((m) => m.id),
          preserveSelectedRowKeys: true,
          onChange: (keys, picked) =>
            setSelected(
              keys.flatMap((k) => {
                const m = picked.find((r) => r?.id === k) ?? selected.find((s) => s.id === k);
                return m ? [m] : [];
              }),
            ),
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n, range) => `${range[0]}-${range[1]} / ${n}`,
          onChange: (p, s) => setPage({ pageNo: s === page.pageSize ? p : 1, pageSize: s }),
        }}
      />
      <PreviewDrawer
        material={preview}
        onClose={() => setPreview(null)}
        extra={preview ? decide(preview) : null}
      />
      <ReviewModal target={target} onClose={() => setTarget(null)} onDone={done} />
    </Card>
  );
}
