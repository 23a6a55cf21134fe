import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { CONTENT_STATES, type ContentState, type PlanSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Empty, Input, Select, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { useFreshSelection, useLastFilledPage } from "../../components/listSelection";
import { SelectionBar } from "../../components/SelectionBar";
import { PLAN_PERMISSIONS, submittablePlans } from "./actions";
import { planApi } from "./api";
import { type PlanSort, PlanTable } from "./PlanTable";
import { usePlanOps } from "./usePlanOps";

const NO_ROWS: PlanSummary[] = [];

interface Filters {
  name: string;
  state: ContentState | undefined;
  sort: PlanSort;
  order: "asc" | "desc";
}
const EMPTY_FILTERS: Filters = { name: "", state: undefined, sort: "updateDate", order: "desc" };

/** Play plans (playPlan/list): find, copy, delete, submit, publish and withdraw plans. */
export default function PlanListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const grants = {
    edit: useCan(PLAN_PERMISSIONS.edit, PLAN_PERMISSIONS.view),
    remove: useCan(PLAN_PERMISSIONS.remove, PLAN_PERMISSIONS.view),
    publish: useCan(PLAN_PERMISSIONS.publish, PLAN_PERMISSIONS.view),
  };
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState({ pageNo: 1, pageSize: 24 });
  const [selected, setSelected] = useState<Map<number, PlanSummary>>(() => new Map());

  const query = {
    ...page,
    name: filters.name || undefined,
    state: filters.state,
    sort: filters.sort,
    order: filters.order,
  };
  const list = useQuery({
    queryKey: ["plan", "list", query],
    queryFn: () => planApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["plan"] }),
    [queryClient],
  );

  useLastFilledPage(list.data, page.pageNo, setPage);
  const total = list.data?.total ?? 0;

  useFreshSelection(list.data?.list, setSelected);

  const { ops, dialogs } = usePlanOps(refresh, (ids) => {
    setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))));
    refresh();
  });

  const changeFilters = (f: Filters) => {
    setFilters(f);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const filtered = filters.name !== "" || filters.state !== undefined;
  const rows = list.data?.list ?? NO_ROWS;
  const selection = [...selected.values()];
  const newPlan = (
    <AuthButton
      type="primary"
      operation={PLAN_PERMISSIONS.edit}
      routePermission={PLAN_PERMISSIONS.view}
      label={t("playPlan.list.newPlan")}
      icon={<PlusOutlined />}
      onClick={() => navigate("/playPlan/planMake")}
      data-testid="plan-new-button"
    />
  );

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          {newPlan}
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t("common.refresh")}
          </Button>
        </Space>
        <Space wrap>
          <Input.Search
            allowClear
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === "") changeFilters({ ...filters, name: "" });
            }}
            onSearch={(v) => changeFilters({ ...filters, name: v.trim() })}
            placeholder={t("playPlan.list.searchName")}
            aria-label={t("playPlan.list.searchName")}
            style={{ width: 260 }}
            data-testid="plan-search"
          />
          <Select<ContentState>
            allowClear
            value={filters.state}
            onChange={(state) => changeFilters({ ...filters, state })}
            placeholder={t("playPlan.list.state")}
            aria-label={t("playPlan.list.state")}
            options={CONTENT_STATES.map((s) => ({ value: s, label: t(`program.states.${s}`) }))}
            style={{ width: 160 }}
            data-testid="plan-state-filter"
          />
        </Space>
        <SelectionBar
          count={selection.length}
          submittable={submittablePlans(selection).length}
          permissions={PLAN_PERMISSIONS}
          keys="playPlan.list"
          testId="plan"
          onSubmit={() => ops.submit(selection)}
          onDelete={() => ops.remove(selection)}
          onClear={() => setSelected(new Map())}
        />
        {list.data !== undefined && total === 0 && !filtered ? (
          <Empty description={t("playPlan.list.empty")} data-testid="plan-empty">
            <Typography.Paragraph type="secondary">{t("playPlan.list.emptyHint")}</Typography.Paragraph>
            {newPlan}
          </Empty>
        ) : rows.length === 0 && !list.isFetching ? (
          <Empty description={t("playPlan.list.noMatch")}>
            <Button
              onClick={() => {
                setTyped("");
                changeFilters({ ...EMPTY_FILTERS, sort: filters.sort, order: filters.order });
              }}
            >
              {t("playPlan.list.clearFilters")}
            </Button>
          </Empty>
        ) : (
          <PlanTable
            rows={rows}
            loading={list.isFetching}
            total={total}
            pageNo={page.pageNo}
            pageSize={page.pageSize}
            onPage={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
            selected={selected}
            onSelect={setSelected}
            grants={grants}
            ops={ops}
            sort={filters.sort}
            order={filters.order}
            onSort={(sort, order) => changeFilters({ ...filters, sort, order })}
          />
        )}
      </Space>
      {dialogs}
    </Card>
  );
}
