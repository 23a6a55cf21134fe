import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { type DictItem, type DictType, dictLabel, type Locale } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  theme,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, SELECTION_WIDTH, useFitColumns } from "../../components/fitColumns";
import { DICT_QUERY_KEY } from "../../components/useDict";
import { DICT_PERMISSIONS, dictApi } from "./api";
import { ItemDialog } from "./ItemDialog";
import { TypeDialog } from "./TypeDialog";

const NO_TYPES: DictType[] = [];
const NO_ITEMS: DictItem[] = [];
type EnabledFilter = "all" | "enabled" | "disabled";

/** Dictionary (dictManage): the types on the left, the chosen type's items on the right. */
/** The names the migration gave the built-in types (0007_org_admin.sql). */
const SEEDED_NAMES = { terminalModel: "Terminal models", materialType: "Material types" } as const;

export default function DictManagePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const canEdit = useCan(DICT_PERMISSIONS.edit, DICT_PERMISSIONS.view);
  // A seeded type keeps its stored English name until someone renames it: until then it reads in
  // the reader's language.
  const seeded = (r: DictType): r is DictType & { code: keyof typeof SEEDED_NAMES } =>
    r.builtIn &&
    Object.hasOwn(SEEDED_NAMES, r.code) &&
    SEEDED_NAMES[r.code as keyof typeof SEEDED_NAMES] === r.name;
  const typeName = (r: DictType) => (seeded(r) ? t(`dict.seeded.${r.code}.name`) : r.name);
  const typeDescription = (r: DictType) =>
    seeded(r) ? t(`dict.seeded.${r.code}.description`) : (r.description ?? "");

  const [typeQuery, setTypeQuery] = useState({ keyword: "", pageNo: 1, pageSize: 20 });
  const [itemQuery, setItemQuery] = useState({
    keyword: "",
    enabled: "all" as EnabledFilter,
    pageNo: 1,
    pageSize: 20,
  });
  const [typeId, setTypeId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [typeDialog, setTypeDialog] = useState<{ open: boolean; type: DictType | null }>({
    open: false,
    type: null,
  });
  const [itemDialog, setItemDialog] = useState<{ open: boolean; item: DictItem | null }>({
    open: false,
    item: null,
  });
  const [switching, setSwitching] = useState<number | null>(null);

  const types = useQuery({
    queryKey: [...DICT_QUERY_KEY, "types", typeQuery],
    queryFn: () => dictApi.types({ ...typeQuery, keyword: typeQuery.keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const typeRows = types.data?.list ?? NO_TYPES;
  // The chosen type: kept across pages of the type list while it still exists.
  const [chosen, setChosen] = useState<DictType | null>(null);
  useEffect(() => {
    const fresh = typeRows.find((r) => r.id === typeId);
    if (fresh) setChosen(fresh);
    else if (typeId === null && typeRows[0]) {
      setTypeId(typeRows[0].id);
      setChosen(typeRows[0]);
    }
  }, [typeRows, typeId]);

  const items = useQuery({
    queryKey: [...DICT_QUERY_KEY, "items-of", typeId, itemQuery],
    queryFn: () =>
      dictApi.items({
        typeId: typeId as number,
        keyword: itemQuery.keyword || undefined,
        enabled: itemQuery.enabled === "all" ? undefined : itemQuery.enabled === "enabled",
        pageNo: itemQuery.pageNo,
        pageSize: itemQuery.pageSize,
      }),
    enabled: typeId !== null,
    placeholderData: keepPreviousData,
  });
  const itemRows = typeId === null ? NO_ITEMS : (items.data?.list ?? NO_ITEMS);
  const itemTotal = items.data?.total ?? 0;

  // A page emptied by deletions: go back to the last page that has rows.
  useEffect(() => {
    if (items.data && items.data.list.length === 0 && items.data.total > 0 && itemQuery.pageNo > 1)
      setItemQuery((q) => ({ ...q, pageNo: Math.max(1, Math.ceil(items.data.total / q.pageSize)) }));
  }, [items.data, itemQuery.pageNo]);

  /** Every dictionary query, the forms' items included, reads again. */
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY }),
    [queryClient],
  );

  const chooseType = (type: DictType) => {
    setTypeId(type.id);
    setChosen(type);
    setSelected([]);
    setItemQuery((q) => ({ ...q, keyword: "", pageNo: 1 }));
  };

  const deleteType = async (type: DictType) => {
    try {
      await dictApi.deleteType(type.id);
      void message.success(t("dict.deleted"));
      if (type.id === typeId) {
        setTypeId(null);
        setChosen(null);
      }
      refresh();
    } catch {
      // the http client has shown why
    }
  };

  const deleteItems = async (ids: number[]) => {
    if (typeId === null || ids.length === 0) return;
    try {
      await dictApi.deleteItems(typeId, ids);
      void message.success(t("dict.deleted"));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      refresh();
    } catch {
      // the http client has shown why
    }
  };

  const toggle = async (item: DictItem, enabled: boolean) => {
    setSwitching(item.id);
    try {
      await dictApi.saveItem({
        id: item.id,
        typeId: item.typeId,
        value: item.value,
        label: item.label,
        labels: item.labels,
        enabled,
        remarks: item.remarks ?? "",
      });
      refresh();
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSwitching(null);
    }
  };

  const typeColumns: TableColumnsType<DictType> = [
    {
      key: "type",
      title: t("dict.fields.name"),
      render: (_, r) => (
        <Space orientation="vertical" size={2}>
          <Space size={6} wrap>
            <Typography.Text strong>{typeName(r)}</Typography.Text>
            <Tooltip title={t("dict.fields.itemCount")}>
              <Tag variant="filled">{r.itemCount}</Tag>
            </Tooltip>
            {r.builtIn && (
              <Tooltip title={t("dict.builtInHint")}>
                <Tag color="blue">{t("dict.builtIn")}</Tag>
              </Tooltip>
            )}
          </Space>
          {/* The code is what forms ask for, not a label: it is shown where the type is edited. */}
        </Space>
      ),
    },
    {
      key: "actions",
      title: t("dict.fields.actions"),
      width: 88,
      render: (_, r) => (
        // The row selects the type; its buttons must not.
        // biome-ignore lint/a11y/noStaticElementInteractions: stops the click from reaching the row
        // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside are keyboard-reachable
        <span onClick={(e) => e.stopPropagation()}>
          <Space size={0}>
            <Tooltip title={canEdit ? t("dict.editType") : t("common.noPermission")}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                disabled={!canEdit}
                aria-label={t("dict.editType")}
                onClick={() => setTypeDialog({ open: true, type: r })}
                data-testid="dict-type-edit"
              />
            </Tooltip>
            <Popconfirm
              title={t("dict.deleteTypeConfirm", { name: typeName(r), count: r.itemCount })}
              okText={t("common.delete")}
              okButtonProps={{ danger: true }}
              cancelText={t("common.cancel")}
              disabled={!canEdit || r.builtIn}
              onConfirm={() => deleteType(r)}
            >
              <Tooltip
                title={
                  !canEdit
                    ? t("common.noPermission")
                    : r.builtIn
                      ? t("dict.builtInHint")
                      : t("dict.deleteType")
                }
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!canEdit || r.builtIn}
                  aria-label={t("dict.deleteType")}
                  data-testid="dict-type-delete"
                />
              </Tooltip>
            </Popconfirm>
          </Space>
        </span>
      ),
    },
  ];

  const language = i18n.language;
  const itemColumnsAll: FitColumns<DictItem> = [
    { key: "sort", drop: 1, title: t("dict.fields.sort"), dataIndex: "sort", width: 100 },
    // An item reads by its label in the reader's language (the stored value is a code: it is edited, not shown).
    {
      key: "label",
      width: 200,
      title: t("dict.fields.label"),
      render: (_, r) => (
        <Tooltip
          title={Object.entries(r.labels)
            .map(([l, text]) => `${t(`common.languages.${l}`)}: ${text}`)
            .join(" · ")}
        >
          {r.labels[language] ?? <Typography.Text type="secondary">{r.label}</Typography.Text>}
        </Tooltip>
      ),
    },
    {
      key: "enabled",
      title: t("dict.fields.enabled"),
      width: 90,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          disabled={!canEdit}
          title={canEdit ? undefined : t("common.noPermission")}
          loading={switching === r.id}
          onChange={(on) => void toggle(r, on)}
          aria-label={t("dict.fields.enabled")}
          data-testid="dict-item-toggle"
        />
      ),
    },
    {
      key: "remarks",
      drop: 2,
      title: t("dict.fields.remarks"),
      dataIndex: "remarks",
      ellipsis: true,
      render: (v: string | null) => v ?? "",
    },
    {
      key: "actions",
      title: t("dict.fields.actions"),
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <AuthButton
            type="link"
            size="small"
            operation={DICT_PERMISSIONS.edit}
            routePermission={DICT_PERMISSIONS.view}
            label={t("dict.edit")}
            onClick={() => setItemDialog({ open: true, item: r })}
            data-testid="dict-item-edit"
          />
          <Popconfirm
            title={t("dict.deleteItemConfirm", { name: dictLabel(r, language as Locale) })}
            okText={t("common.delete")}
            okButtonProps={{ danger: true }}
            cancelText={t("common.cancel")}
            disabled={!canEdit}
            onConfirm={() => deleteItems([r.id])}
          >
            <Button
              type="link"
              size="small"
              danger
              disabled={!canEdit}
              title={canEdit ? undefined : t("common.noPermission")}
              data-testid="dict-item-delete"
            >
              {t("common.delete")}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const itemColumnsFit = useFitColumns(itemColumnsAll, canEdit ? SELECTION_WIDTH : 0);

  const current = chosen && chosen.id === typeId ? chosen : null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <Card
          title={t("dict.types")}
          extra={
            <AuthButton
              type="primary"
              size="small"
              icon={<PlusOutlined />}
              operation={DICT_PERMISSIONS.edit}
              routePermission={DICT_PERMISSIONS.view}
              label={t("dict.newType")}
              onClick={() => setTypeDialog({ open: true, type: null })}
              data-testid="dict-type-new"
            />
          }
        >
          <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
            <Input.Search
              allowClear
              placeholder={t("dict.searchTypes")}
              onSearch={(keyword) => setTypeQuery((q) => ({ ...q, keyword: keyword.trim(), pageNo: 1 }))}
              data-testid="dict-type-search"
            />
            <Table<DictType>
              data-testid="dict-type-table"
              rowKey="id"
              size="small"
              loading={types.isFetching}
              columns={typeColumns}
              dataSource={typeRows}
              onRow={(r) => ({
                onClick: () => chooseType(r),
                "aria-selected": r.id === typeId,
                "data-selected": r.id === typeId,
                style: {
                  cursor: "pointer",
                  background: r.id === typeId ? token.controlItemBgActive : undefined,
                },
              })}
              locale={{ emptyText: t("dict.noTypes") }}
              pagination={{
                current: typeQuery.pageNo,
                pageSize: typeQuery.pageSize,
                total: types.data?.total ?? 0,
                size: "small",
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: (pageNo) => setTypeQuery((q) => ({ ...q, pageNo })),
              }}
            />
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card
          title={current ? <span>{typeName(current)}</span> : t("dict.items")}
          extra={
            <Space>
              <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t("common.refresh")} />
              <AuthButton
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                operation={DICT_PERMISSIONS.edit}
                routePermission={DICT_PERMISSIONS.view}
                label={t("dict.newItem")}
                disabled={!current}
                onClick={() => setItemDialog({ open: true, item: null })}
                data-testid="dict-item-new"
              />
            </Space>
          }
        >
          {!current ? (
            <Empty description={t("dict.pickType")} />
          ) : (
            <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
              {current.description && (
                <Typography.Text type="secondary">{typeDescription(current)}</Typography.Text>
              )}
              <Space wrap>
                <Input.Search
                  key={current.id}
                  allowClear
                  placeholder={t("dict.searchItems")}
                  onSearch={(keyword) => setItemQuery((q) => ({ ...q, keyword: keyword.trim(), pageNo: 1 }))}
                  style={{ width: 240 }}
                  data-testid="dict-item-search"
                />
                <Segmented<EnabledFilter>
                  value={itemQuery.enabled}
                  onChange={(enabled) => setItemQuery((q) => ({ ...q, enabled, pageNo: 1 }))}
                  options={[
                    { value: "all", label: t("dict.filterAll") },
                    { value: "enabled", label: t("dict.filterEnabled") },
                    { value: "disabled", label: t("dict.filterDisabled") },
                  ]}
                  data-testid="dict-item-filter"
                />
                <Popconfirm
                  title={t("dict.deleteSelectedConfirm", { count: selected.length })}
                  okText={t("common.delete")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("common.cancel")}
                  disabled={!canEdit || selected.length === 0}
                  onConfirm={() => deleteItems(selected)}
                >
                  <Button
                    danger
                    disabled={!canEdit || selected.length === 0}
                    title={canEdit ? undefined : t("common.noPermission")}
                    data-testid="dict-item-delete-selected"
                  >
                    {t("dict.deleteSelected")}
                  </Button>
                </Popconfirm>
                <Typography.Text type="secondary">
                  {t("dict.selected", { count: selected.length })}
                </Typography.Text>
              </Space>
              <div ref={itemColumnsFit.ref}>
                <Table<DictItem>
                  data-testid="dict-item-table"
                  rowKey="id"
                  size="middle"
                  loading={items.isFetching}
                  columns={itemColumnsFit.columns}
                  dataSource={itemRows}
                  scroll={{ x: itemColumnsFit.scrollX }}
                  locale={{ emptyText: t("dict.noItems") }}
                  rowSelection={
                    canEdit
                      ? {
                          selectedRowKeys: selected,
                          preserveSelectedRowKeys: true,
                          onChange: (keys) => setSelected(keys.map(Number)),
                        }
                      : undefined
                  }
                  pagination={{
                    current: itemQuery.pageNo,
                    pageSize: itemQuery.pageSize,
                    total: itemTotal,
                    showSizeChanger: true,
                    showTotal: (n, range) => `${range[0]}-${range[1]} / ${n}`,
                    onChange: (pageNo, pageSize) =>
                      setItemQuery((q) => ({ ...q, pageNo: pageSize === q.pageSize ? pageNo : 1, pageSize })),
                  }}
                />
              </div>
            </Space>
          )}
        </Card>
      </Col>
      <TypeDialog
        open={typeDialog.open}
        type={typeDialog.type}
        onClose={() => setTypeDialog({ open: false, type: null })}
        onSaved={(saved) => {
          void message.success(t("dict.saved"));
          setTypeDialog({ open: false, type: null });
          chooseType(saved);
          refresh();
        }}
      />
      {current && (
        <ItemDialog
          open={itemDialog.open}
          type={current}
          item={itemDialog.item}
          onClose={() => setItemDialog({ open: false, item: null })}
          onSaved={() => {
            void message.success(t("dict.saved"));
            setItemDialog({ open: false, item: null });
            refresh();
          }}
        />
      )}
    </Row>
  );
}
