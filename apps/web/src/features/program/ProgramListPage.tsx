import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import type { ProgramSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Empty, Space, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { useFreshSelection, useLastFilledPage } from "../../components/listSelection";
import { SelectionBar } from "../../components/SelectionBar";
import { useSession } from "../../stores/session";
import { PROGRAM_PERMISSIONS, submittable } from "./actions";
import { programApi } from "./api";
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  type ProgramFilterValues,
  toProgramQuery,
  type ViewMode,
} from "./filters";
import { ImportProgram } from "./ImportProgram";
import { ProgramFilters } from "./ProgramFilters";
import { ProgramGrid } from "./ProgramGrid";
import { ProgramTable, type ProgramViewProps } from "./ProgramTable";
import { useProgramOps } from "./useProgramOps";

const VIEW_KEY = "marquee.programView";
const NO_ROWS: ProgramSummary[] = [];

/** Program management (progManage, program/list): find, sort, copy, rename, delete, export, import and submit programs. */
export default function ProgramListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.id);
  const grants = {
    edit: useCan(PROGRAM_PERMISSIONS.edit, PROGRAM_PERMISSIONS.view),
    remove: useCan(PROGRAM_PERMISSIONS.remove, PROGRAM_PERMISSIONS.view),
  };
  const [filters, setFilters] = useState<ProgramFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 24 });
  const [view, setView] = useState<ViewMode>(() =>
    localStorage.getItem(VIEW_KEY) === "table" ? "table" : "grid",
  );
  const [selected, setSelected] = useState<Map<number, ProgramSummary>>(() => new Map());
  // The search box keeps its own text; a new key empties it when the filters are cleared.
  const [filtersKey, setFiltersKey] = useState(0);

  const query = toProgramQuery(filters, { ...page, userId });
  const list = useQuery({
    queryKey: ["program", "list", query],
    queryFn: () => programApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["program"] }),
    [queryClient],
  );

  useLastFilledPage(list.data, page.pageNo, setPage);
  const total = list.data?.total ?? 0;

  useFreshSelection(list.data?.list, setSelected);

  const { ops, dialogs } = useProgramOps(refresh, (ids) => {
    setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))));
    refresh();
  });

  const changeFilters = (f: ProgramFilterValues) => {
    setFilters(f);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const changeView = (v: ViewMode) => {
    setView(v);
    localStorage.setItem(VIEW_KEY, v);
  };

  const rows = list.data?.list ?? NO_ROWS;
  const selection = [...selected.values()];
  const viewProps: ProgramViewProps = {
    rows,
    loading: list.isFetching,
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
    selected,
    onSelect: setSelected,
    grants,
    ops,
    sort: filters.sort,
    order: filters.order,
    onSort: (sort, order) => changeFilters({ ...filters, sort, order }),
  };
  const newProgram = (
    <AuthButton
      type="primary"
      operation={PROGRAM_PERMISSIONS.edit}
      routePermission={PROGRAM_PERMISSIONS.view}
      label={t("program.list.newProgram")}
      icon={<PlusOutlined />}
      onClick={() => navigate("/program/make")}
      data-testid="program-new-button"
    />
  );
  const nothingYet = list.data !== undefined && total === 0 && !hasActiveFilters(filters);

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          {newProgram}
          <ImportProgram onImported={refresh} />
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t("common.refresh")}
          </Button>
        </Space>
        <ProgramFilters
          key={filtersKey}
          value={filters}
          onChange={changeFilters}
          view={view}
          onView={changeView}
          canFilterMine={userId !== undefined}
        />
        <SelectionBar
          count={selection.length}
          submittable={submittable(selection).length}
          permissions={PROGRAM_PERMISSIONS}
          keys="program.list"
          testId="program"
          onSubmit={() => ops.submit(selection)}
          onDelete={() => ops.remove(selection)}
          onClear={() => setSelected(new Map())}
        />
        {nothingYet ? (
          <Empty description={t("program.list.empty")} data-testid="program-empty">
            <Typography.Paragraph type="secondary">{t("program.list.emptyHint")}</Typography.Paragraph>
            {newProgram}
          </Empty>
        ) : rows.length === 0 && !list.isFetching ? (
          <Empty description={t("program.list.noMatch")}>
            <Button
              onClick={() => {
                changeFilters({ ...EMPTY_FILTERS, sort: filters.sort, order: filters.order });
                setFiltersKey((k) => k + 1);
              }}
            >
              {t("program.list.clearFilters")}
            </Button>
          </Empty>
        ) : view === "table" ? (
          <ProgramTable {...viewProps} />
        ) : (
          <ProgramGrid {...viewProps} />
        )}
      </Space>
      {dialogs}
    </Card>
  );
}
