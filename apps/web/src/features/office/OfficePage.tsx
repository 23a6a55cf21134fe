import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { formatSize, type OfficeChild, type OfficeDetail, type OfficeNode } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Col, Descriptions, Empty, Input, Row, Space, Table, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { HttpError } from "../../services/http";
import { officeApi } from "./api";
import { creatableKinds, OFFICE_PERMISSIONS, STATE_COLORS, TYPE_COLORS } from "./format";
import { useLazyTree } from "./lazyTree";
import { MoveModal } from "./MoveModal";
import { type FormTarget, OfficeForm } from "./OfficeForm";
import { NodeLabel, OfficeTreePanel } from "./OfficeTreePanel";
import { StatisticsCards } from "./StatisticsCards";

const VIEW = OFFICE_PERMISSIONS.view;

/**
 * Institution management (officeManage, sys/office): the caller's office tree
 * on the left; on the right the chosen office with its figures, what lies
 * directly below it, and new / edit / move / delete.
 */
export default function OfficePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const grants = {
    office: useCan(OFFICE_PERMISSIONS.edit, VIEW),
    customer: useCan(OFFICE_PERMISSIONS.customerEdit, VIEW),
    agent: useCan(OFFICE_PERMISSIONS.openAgent, VIEW),
  };
  const fetchLevel = useCallback(async (id?: number) => (await officeApi.children(id)).list, []);
  const tree = useLazyTree<OfficeNode>(fetchLevel);
  const [selected, setSelected] = useState<number>();
  const [expanded, setExpanded] = useState<number[]>([]);
  const [form, setForm] = useState<FormTarget | null>(null);
  const [moving, setMoving] = useState<OfficeDetail | null>(null);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [filter, setFilter] = useState("");

  // The caller's top office is chosen and opened at first.
  const roots = tree.state.roots;
  useEffect(() => {
    const first = roots?.[0];
    if (selected === undefined && first) {
      setSelected(first.id);
      setExpanded((e) => (e.length ? e : [first.id]));
      if (!first.isLeaf) void tree.load(first.id);
    }
  }, [roots, selected, tree.load]);

  const detail = useQuery({
    queryKey: ["org", "office", selected],
    queryFn: () => officeApi.info(selected as number),
    enabled: selected !== undefined,
  });
  const stats = useQuery({
    queryKey: ["org", "stats", selected],
    queryFn: () => officeApi.statistics(selected as number),
    enabled: selected !== undefined,
  });
  const children = useQuery({
    queryKey: ["org", "children", selected, page, filter],
    queryFn: () => officeApi.childPage({ id: selected as number, ...page, name: filter || undefined }),
    enabled: selected !== undefined,
    placeholderData: keepPreviousData,
  });
  const office = detail.data?.office;

  const changed = useCallback(async () => {
    await tree.refresh();
    await queryClient.invalidateQueries({ queryKey: ["org"] });
  }, [tree.refresh, queryClient]);

  const select = (id: number | undefined) => {
    setSelected(id);
    setPage((p) => ({ ...p, pageNo: 1 }));
    setFilter("");
  };

  /** Opens a child from the table: its parent opens in the tree too. */
  const openChild = async (child: OfficeChild) => {
    if (child.parentId !== null) {
      if (!tree.state.children.has(child.parentId)) await tree.load(child.parentId);
      const parentId = child.parentId;
      setExpanded((e) => (e.includes(parentId) ? e : [...e, parentId]));
    }
    select(child.id);
  };

  const kinds = office ? creatableKinds(office.type, grants) : [];
  // The button stands for the first kind the caller may create here.
  const newOp =
    kinds[0] === "customer"
      ? OFFICE_PERMISSIONS.customerEdit
      : kinds[0] === "agent"
        ? OFFICE_PERMISSIONS.openAgent
        : OFFICE_PERMISSIONS.edit;
  const editOp = office?.type === "customer" ? OFFICE_PERMISSIONS.customerEdit : OFFICE_PERMISSIONS.edit;
  const removeOp =
    office?.type === "customer" ? OFFICE_PERMISSIONS.customerRemove : OFFICE_PERMISSIONS.remove;
  const moveOp =
    office?.type === "customer"
      ? OFFICE_PERMISSIONS.customerEdit
      : office?.type === "agent"
        ? OFFICE_PERMISSIONS.openAgent
        : OFFICE_PERMISSIONS.edit;

  const remove = (o: OfficeDetail) => {
    modal.confirm({
      title: t("office.remove.title", { name: o.name }),
      content: t("office.remove.content"),
      okText: t("office.remove.ok"),
      okButtonProps: { danger: true, "data-testid": "office-delete-ok" },
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await officeApi.remove(o.id);
          void message.success(t("office.remove.done", { name: o.name }));
          select(o.parentId ?? undefined);
          await changed();
        } catch (err) {
          // The server says what the office still holds.
          modal.error({
            title: t("office.remove.refused", { name: o.name }),
            content: (
              <span data-testid="office-delete-reason">
                {err instanceof HttpError ? err.message : String(err)}
              </span>
            ),
          });
        }
      },
    });
  };

  const columnsAll: FitColumns<OfficeChild> = [
    {
      key: "name",
      width: 200,
      title: t("office.children.name"),
      render: (_, c) => (
        <Typography.Link onClick={() => void openChild(c)} data-testid="office-child-open">
          {c.name}
        </Typography.Link>
      ),
    },
    {
      key: "type",
      title: t("office.children.type"),
      width: 120,
      render: (_, c) => <Tag color={TYPE_COLORS[c.type]}>{t(`office.types.${c.type}`)}</Tag>,
    },
    {
      key: "state",
      title: t("office.children.state"),
      width: 130,
      render: (_, c) => <Tag color={STATE_COLORS[c.state]}>{t(`office.states.${c.state}`)}</Tag>,
    },
    {
      key: "users",
      drop: 1,
      title: t("office.children.users"),
      dataIndex: "users",
      width: 90,
      align: "right",
    },
    {
      key: "terminals",
      drop: 2,
      title: t("office.children.terminals"),
      width: 110,
      align: "right",
      render: (_, c) => (c.terminalQuota === null ? c.terminals : `${c.terminals} / ${c.terminalQuota}`),
    },
    {
      key: "contact",
      drop: 3,
      width: 200,
      title: t("office.children.contact"),
      render: (_, c) => [c.contactName, c.contactPhone].filter(Boolean).join(" · "),
    },
    {
      key: "expires",
      drop: 4,
      title: t("office.children.expires"),
      width: 120,
      render: (_, c) => (c.expiresAt ? dayjs(c.expiresAt).format("YYYY-MM-DD") : ""),
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={7}>
        <OfficeTreePanel
          state={tree.state}
          loading={tree.loading}
          onLoad={tree.load}
          selected={selected}
          onSelect={(id) => id !== undefined && select(id)}
          expanded={expanded}
          onExpand={setExpanded}
        />
      </Col>
      <Col xs={24} lg={17}>
        {!office ? (
          <Card loading={detail.isLoading}>
            <Empty description={t("office.detail.pick")} />
          </Card>
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
            <Card
              title={<NodeLabel node={office} />}
              data-testid="office-detail"
              extra={
                <Space wrap>
                  <AuthButton
                    type="primary"
                    icon={<PlusOutlined />}
                    operation={newOp}
                    routePermission={VIEW}
                    label={t("office.actions.newChild")}
                    disabled={kinds.length === 0}
                    onClick={() =>
                      setForm({
                        mode: "create",
                        parents: [{ id: office.id, name: office.name, type: office.type }],
                        parentId: office.id,
                        kinds: (type) => creatableKinds(type, grants),
                      })
                    }
                    data-testid="office-new"
                  />
                  <AuthButton
                    icon={<EditOutlined />}
                    operation={editOp}
                    routePermission={VIEW}
                    label={t("office.actions.edit")}
                    onClick={() => setForm({ mode: "edit", id: office.id })}
                    data-testid="office-edit"
                  />
                  <AuthButton
                    icon={<DragOutlined />}
                    operation={moveOp}
                    routePermission={VIEW}
                    label={t("office.actions.move")}
                    disabled={office.parentId === null}
                    onClick={() => setMoving(office)}
                    data-testid="office-move"
                  />
                  <AuthButton
                    danger
                    icon={<DeleteOutlined />}
                    operation={removeOp}
                    routePermission={VIEW}
                    label={t("office.actions.delete")}
                    disabled={office.parentId === null}
                    onClick={() => remove(office)}
                    data-testid="office-delete"
                  />
                  <Button
                    icon={<ReloadOutlined />}
                    onClick={() => void changed()}
                    aria-label={t("common.refresh")}
                    title={t("common.refresh")}
                  />
                </Space>
              }
            >
              <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
                {office.code && (
                  <Descriptions.Item label={t("office.detail.code")}>{office.code}</Descriptions.Item>
                )}
                {(office.contactName || office.contactPhone || office.contactEmail) && (
                  <Descriptions.Item label={t("office.detail.contact")}>
                    {[office.contactName, office.contactPhone, office.contactEmail]
                      .filter(Boolean)
                      .join(" · ")}
                  </Descriptions.Item>
                )}
                {office.address && (
                  <Descriptions.Item label={t("office.detail.address")}>{office.address}</Descriptions.Item>
                )}
                {(office.type === "agent" || office.type === "customer") && (
                  <>
                    <Descriptions.Item label={t("office.detail.storageQuota")}>
                      {office.capacityBytes === null
                        ? t("office.detail.unlimited")
                        : formatSize(office.capacityBytes)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t("office.detail.terminalQuota")}>
                      {office.terminalQuota ?? t("office.detail.unlimited")}
                    </Descriptions.Item>
                    <Descriptions.Item label={t("office.detail.expires")}>
                      {office.expiresAt
                        ? dayjs(office.expiresAt).format("YYYY-MM-DD")
                        : t("office.detail.never")}
                    </Descriptions.Item>
                  </>
                )}
                {office.remarks && (
                  <Descriptions.Item label={t("office.detail.remarks")}>{office.remarks}</Descriptions.Item>
                )}
              </Descriptions>
            </Card>
            <StatisticsCards stats={stats.data?.statistics} />
            <Card
              size="small"
              title={t("office.children.title")}
              extra={
                <Input.Search
                  key={selected}
                  allowClear
                  maxLength={100}
                  placeholder={t("office.children.search")}
                  onSearch={(v) => {
                    setFilter(v.trim());
                    setPage((p) => ({ ...p, pageNo: 1 }));
                  }}
                  style={{ width: 220 }}
                  data-testid="office-children-search"
                />
              }
            >
              <div ref={columnsFit.ref}>
                <Table<OfficeChild>
                  data-testid="office-children"
                  rowKey="id"
                  size="small"
                  loading={children.isFetching}
                  columns={columnsFit.columns}
                  dataSource={children.data?.list ?? []}
                  locale={{ emptyText: t("office.children.empty") }}
                  scroll={{ x: columnsFit.scrollX }}
                  pagination={{
                    current: page.pageNo,
                    pageSize: page.pageSize,
                    total: children.data?.total ?? 0,
                    showSizeChanger: true,
                    onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
                  }}
                />
              </div>
            </Card>
          </Space>
        )}
      </Col>
      <OfficeForm
        target={form}
        testId="office-form"
        onSaved={(saved) => {
          const created = form?.mode === "create";
          void (async () => {
            await changed();
            // A new office shows at once under its parent, opened.
            if (created && saved.parentId !== null) {
              const parentId = saved.parentId;
              await tree.load(parentId);
              setExpanded((e) => (e.includes(parentId) ? e : [...e, parentId]));
            }
          })();
        }}
        onClose={() => setForm(null)}
      />
      {moving && <MoveModal office={moving} onMoved={() => void changed()} onClose={() => setMoving(null)} />}
    </Row>
  );
}
