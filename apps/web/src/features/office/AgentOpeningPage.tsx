import {
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
  ShopOutlined,
  UserSwitchOutlined,
} from "@ant-design/icons";
import {
  type CustomerSummary,
  type CustomerTreeNode,
  formatSize,
  OFFICE_STATES,
  type OfficeState,
} from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Button,
  Card,
  Col,
  Empty,
  Input,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tree,
  type TreeDataNode,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthButton } from "../../components/AuthButton";
import { type FitColumns, useFitColumns } from "../../components/fitColumns";
import { customerApi } from "./api";
import { CustomerDrawer } from "./CustomerDrawer";
import { OFFICE_PERMISSIONS, STATE_COLORS, TYPE_COLORS } from "./format";
import { type Branch, branches, findLoaded, useLazyTree } from "./lazyTree";
import { type FormTarget, OfficeForm, type ParentOption } from "./OfficeForm";
import { OpenAgentModal } from "./OpenAgentModal";

/** The route's permission: operations are checked against it. */
const ROUTE = OFFICE_PERMISSIONS.openAgent;

type Kind = "customer" | "agent";

/** "12 days left", "last day", or the state when expired. */
function ExpiryCell({ c }: { c: CustomerSummary }) {
  const { t } = useTranslation();
  if (!c.expiresAt) return null;
  const days = Math.floor((new Date(c.expiresAt).getTime() - Date.now()) / 86_400_000);
  return (
    <Space orientation="vertical" size={0}>
      <span>{dayjs(c.expiresAt).format("YYYY-MM-DD")}</span>
      {days >= 0 && (
        <Typography.Text type={days <= 30 ? "warning" : "secondary"} style={{ fontSize: 12 }}>
          {days === 0 ? t("office.agents.lastDay") : t("office.agents.daysLeft", { count: days })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Agent activation (agentOpening, sys/office/toOpenAgentOfficePage): the tree
 * of agents and their customers, a searchable list of customers (or agents)
 * by state, new agents and customers, institutions opened as agents, and each
 * one's usage against its quotas.
 */
export default function AgentOpeningPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fetchLevel = useCallback(async (id?: number) => (await customerApi.tree(id)).list, []);
  const tree = useLazyTree<CustomerTreeNode>(fetchLevel);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [selected, setSelected] = useState<number>();
  const [kind, setKind] = useState<Kind>("customer");
  const [keyword, setKeyword] = useState("");
  const [state, setState] = useState<OfficeState>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [form, setForm] = useState<FormTarget | null>(null);
  const [drawer, setDrawer] = useState<number | null>(null);
  const [opening, setOpening] = useState(false);

  const roots = tree.state.roots ?? [];
  // The caller's top nodes open at first.
  const rootList = tree.state.roots;
  useEffect(() => {
    if (!rootList?.length) return;
    setExpanded((e) => (e.length ? e : rootList.map((r) => r.id)));
    for (const r of rootList) if (!r.isLeaf) void tree.load(r.id);
  }, [rootList, tree.load]);
  const platform = roots.find((r) => r.type === "platform");
  const chosen = selected === undefined ? undefined : findLoaded(tree.state, selected);
  // A chosen agent (or the platform) narrows the customer list to its own customers.
  const parentId = kind === "customer" && chosen && chosen.type !== "customer" ? chosen.id : undefined;

  const query = { ...page, keyword: keyword || undefined, state, type: kind, parentId };
  const list = useQuery({
    queryKey: ["org", "customers", query],
    queryFn: () => customerApi.search(query),
    placeholderData: keepPreviousData,
  });
  // Where a new customer may go: the platform and every agent of the caller's range.
  const agents = useQuery({
    queryKey: ["org", "customers", "agents"],
    queryFn: () => customerApi.search({ pageNo: 1, pageSize: 500, type: "agent" }),
  });
  const holders = useMemo<ParentOption[]>(() => {
    const out: ParentOption[] = roots
      .filter((r) => r.type !== "customer")
      .map((r) => ({ id: r.id, name: r.name, type: r.type }));
    for (const a of agents.data?.list ?? [])
      if (!out.some((o) => o.id === a.id)) out.push({ id: a.id, name: a.name, type: "agent" });
    return out;
  }, [roots, agents.data]);

  const changed = useCallback(async () => {
    await tree.refresh();
    await queryClient.invalidateQueries({ queryKey: ["org"] });
  }, [tree.refresh, queryClient]);

  const data = useMemo(() => {
    const toData = (b: Branch<CustomerTreeNode>): TreeDataNode => ({
      key: b.node.id,
      title: (
        <Space size={4}>
          <span>{b.node.name}</span>
          {b.node.type !== "customer" && (
            <Tag color={TYPE_COLORS[b.node.type]} style={{ marginInlineEnd: 0 }}>
              {t(`office.types.${b.node.type}`)}
            </Tag>
          )}
          {b.node.state !== "active" && (
            <Tag color={STATE_COLORS[b.node.state]} style={{ marginInlineEnd: 0 }}>
              {t(`office.states.${b.node.state}`)}
            </Tag>
          )}
        </Space>
      ),
      isLeaf: b.node.isLeaf,
      children: b.children?.map(toData),
    });
    return branches(tree.state).map(toData);
  }, [tree.state, t]);

  const select = (id: number | undefined) => {
    setSelected(id);
    setPage((p) => ({ ...p, pageNo: 1 }));
    const node = id === undefined ? undefined : findLoaded(tree.state, id);
    if (node?.type === "customer") setDrawer(node.id);
    else if (node) setKind("customer");
  };

  const newCustomer = () =>
    setForm({
      mode: "create",
      parents: holders,
      parentId:
        chosen && chosen.type !== "customer" ? chosen.id : holders.length === 1 ? holders[0]?.id : undefined,
      kinds: (type) => (type === "platform" || type === "agent" ? ["customer"] : []),
      kind: "customer",
    });
  const newAgent = () =>
    platform &&
    setForm({
      mode: "create",
      parents: [{ id: platform.id, name: platform.name, type: "platform" }],
      parentId: platform.id,
      kinds: (type) => (type === "platform" ? ["agent"] : []),
      kind: "agent",
    });

  const columnsAll: FitColumns<CustomerSummary> = [
    {
      key: "name",
      title: t("office.agents.name"),
      width: 180,
      render: (_, c) => (
        <Typography.Link onClick={() => setDrawer(c.id)} data-testid="customer-name">
          {c.name}
        </Typography.Link>
      ),
    },
    { key: "parent", drop: 3, title: t("office.agents.parent"), dataIndex: "parentName", width: 160 },
    {
      key: "contact",
      drop: 4,
      title: t("office.agents.contact"),
      width: 200,
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.contactName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[c.contactPhone, c.contactEmail].filter(Boolean).join(" · ")}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "storage",
      drop: 1,
      title: t("office.agents.storage"),
      width: 110,
      render: (_, c) =>
        c.capacityBytes === null ? t("office.detail.unlimited") : formatSize(c.capacityBytes),
    },
    {
      key: "terminals",
      drop: 2,
      title: t("office.agents.terminals"),
      width: 100,
      render: (_, c) => c.terminalQuota ?? t("office.detail.unlimited"),
    },
    { key: "expires", title: t("office.agents.expires"), width: 130, render: (_, c) => <ExpiryCell c={c} /> },
    {
      key: "state",
      title: t("office.agents.state"),
      width: 130,
      render: (_, c) => (
        <Tag color={STATE_COLORS[c.state]} data-testid="customer-state-tag">
          {t(`office.states.${c.state}`)}
        </Tag>
      ),
    },
    {
      key: "actions",
      title: t("office.agents.actions"),
      width: 200,
      render: (_, c) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setDrawer(c.id)}
            data-testid="customer-detail"
          >
            {t("office.actions.details")}
          </Button>
          <AuthButton
            size="small"
            icon={<EditOutlined />}
            operation={c.type === "customer" ? OFFICE_PERMISSIONS.customerEdit : OFFICE_PERMISSIONS.edit}
            routePermission={ROUTE}
            label={t("office.actions.edit")}
            onClick={() => setForm({ mode: "edit", id: c.id })}
            data-testid="customer-edit"
          />
        </Space>
      ),
    },
  ];
  const columnsFit = useFitColumns(columnsAll, 0);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={7}>
        <Card
          size="small"
          title={
            <span>
              <ShopOutlined /> {t("office.agents.tree")}
            </span>
          }
          styles={{ body: { padding: 8 } }}
        >
          <Spin spinning={tree.loading}>
            {data.length > 0 ? (
              <div
                data-testid="agent-tree"
                style={{ maxHeight: "calc(100vh - 260px)", minHeight: 200, overflow: "auto" }}
              >
                <Tree
                  blockNode
                  treeData={data}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys.map(Number))}
                  selectedKeys={selected === undefined ? [] : [selected]}
                  loadData={async (node) => {
                    await tree.load(Number(node.key));
                  }}
                  onSelect={(keys) => select(keys[0] === undefined ? undefined : Number(keys[0]))}
                />
              </div>
            ) : (
              !tree.loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card
          title={t("routes.agentOpening")}
          extra={
            <Space wrap>
              <AuthButton
                type="primary"
                icon={<PlusOutlined />}
                operation={OFFICE_PERMISSIONS.customerEdit}
                routePermission={ROUTE}
                label={t("office.agents.newCustomer")}
                disabled={holders.length === 0}
                onClick={newCustomer}
                data-testid="customer-new"
              />
              <AuthButton
                icon={<PlusOutlined />}
                operation={OFFICE_PERMISSIONS.openAgent}
                routePermission={ROUTE}
                label={t("office.agents.newAgent")}
                disabled={!platform}
                onClick={newAgent}
                data-testid="agent-new"
              />
              <AuthButton
                icon={<UserSwitchOutlined />}
                operation={OFFICE_PERMISSIONS.openAgent}
                routePermission={ROUTE}
                label={t("office.agents.openAgent")}
                disabled={!platform}
                onClick={() => setOpening(true)}
                data-testid="agent-open"
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
          <Space wrap style={{ marginBottom: 12 }}>
            <Segmented<Kind>
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
              options={[
                { value: "customer", label: t("office.agents.showCustomers") },
                { value: "agent", label: t("office.agents.showAgents") },
              ]}
              data-testid="customer-type"
            />
            <Input.Search
              allowClear
              maxLength={100}
              placeholder={t("office.agents.search")}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
              style={{ width: 260 }}
              data-testid="customer-search"
            />
            <Select<OfficeState>
              allowClear
              placeholder={t("office.agents.anyState")}
              value={state}
              onChange={(v) => {
                setState(v);
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
              options={OFFICE_STATES.map((s) => ({ value: s, label: t(`office.states.${s}`) }))}
              style={{ width: 180 }}
              data-testid="customer-state"
            />
            {parentId !== undefined && chosen && (
              <Tag closable onClose={() => select(undefined)} color={TYPE_COLORS[chosen.type]}>
                {chosen.name}
              </Tag>
            )}
          </Space>
          <div ref={columnsFit.ref}>
            <Table<CustomerSummary>
              data-testid="customer-table"
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              columns={columnsFit.columns}
              dataSource={list.data?.list ?? []}
              locale={{
                emptyText: t(
                  kind === "customer" ? "office.agents.emptyCustomers" : "office.agents.emptyAgents",
                ),
              }}
              scroll={{ x: columnsFit.scrollX }}
              pagination={{
                current: page.pageNo,
                pageSize: page.pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
              }}
            />
          </div>
        </Card>
      </Col>
      <OfficeForm
        target={form}
        testId="customer-form"
        onSaved={() => void changed()}
        onClose={() => setForm(null)}
      />
      <CustomerDrawer id={drawer} onClose={() => setDrawer(null)} />
      <OpenAgentModal
        platformId={platform?.id}
        open={opening}
        onOpened={() => void changed()}
        onClose={() => setOpening(false)}
      />
    </Row>
  );
}
