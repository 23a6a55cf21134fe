import { GlobalOutlined, ReloadOutlined, UploadOutlined, WifiOutlined } from "@ant-design/icons";
import type { Material } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Space } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { AuthButton } from "../../components/AuthButton";
import { useLastFilledPage } from "../../components/listSelection";
import { useSession } from "../../stores/session";
import { AddUrlModal } from "./AddUrlModal";
import { materialApi } from "./api";
import { BatchBar } from "./BatchBar";
import { FolderTree } from "./FolderTree";
import { folderPath } from "./folders";
import {
  EMPTY_FILTERS,
  MaterialFilters,
  type MaterialFilterValues,
  toQuery,
  type ViewMode,
} from "./MaterialFilters";
import { MaterialGrid } from "./MaterialGrid";
import { MaterialTable, type MaterialViewProps } from "./MaterialTable";
import { MoveModal } from "./MoveModal";
import { NameModal } from "./NameModal";
import { PreviewDrawer } from "./PreviewDrawer";
import { MATERIAL_ROUTE_PERMISSION } from "./permissions";
import { UploadDialog } from "./UploadDialog";
import { UploadQueuePanel } from "./UploadQueue";
import { UsageBar } from "./UsageBar";
import { uploadLimitMb } from "./upload";
import { onUploaded } from "./uploadQueue";
import { useConvertProgress } from "./useConvertProgress";
import { useDeleteMaterials } from "./useDeleteMaterials";

const VIEW_KEY = "marquee.materialView";
const NO_ROWS: Material[] = [];
const NO_FOLDERS: never[] = [];

/** Material management (resManage/myRes): folders, the library, uploads, clipboard and preview. */
export default function MaterialPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.id);
  const canEdit = useCan("content:material:edit", MATERIAL_ROUTE_PERMISSION);
  const canDelete = useCan("content:material:delete", MATERIAL_ROUTE_PERMISSION);
  const [folderId, setFolderId] = useState<number | undefined>();
  const [filters, setFilters] = useState<MaterialFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 24 });
  const [view, setView] = useState<ViewMode>(() =>
    localStorage.getItem(VIEW_KEY) === "grid" ? "grid" : "list",
  );
  const [selected, setSelected] = useState<Map<number, Material>>(() => new Map());
  const [preview, setPreview] = useState<Material | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [addUrl, setAddUrl] = useState<"web" | "stream" | null>(null);
  const [moving, setMoving] = useState(false);
  const [renaming, setRenaming] = useState<Material | null>(null);

  const folders = useQuery({ queryKey: ["material", "folders"], queryFn: () => materialApi.folderTree() });
  const query = toQuery(filters, { ...page, folderId, userId });
  const list = useQuery({
    queryKey: ["material", "list", query],
    queryFn: () => materialApi.list(query),
    placeholderData: keepPreviousData,
  });
  const usage = useQuery({ queryKey: ["material", "usage"], queryFn: () => materialApi.usage() });
  const limit = useQuery({
    queryKey: ["material", "uploadLimit"],
    queryFn: () => materialApi.uploadLimit(),
    staleTime: 60_000,
  });
  const limitMb = uploadLimitMb(limit.data?.jsonObject);
  const rows = useConvertProgress(list.data?.list ?? NO_ROWS);
  const folderList = folders.data?.folders ?? NO_FOLDERS;
  const here = useMemo(() => folderPath(folderList, folderId, t("material.root")), [folderList, folderId, t]);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["material", "list"] });
    void queryClient.invalidateQueries({ queryKey: ["material", "usage"] });
  }, [queryClient]);

  useLastFilledPage(list.data, page.pageNo, setPage);
  const total = list.data?.total ?? 0;

  useEffect(
    () =>
      onUploaded((item) => {
        void message.success(
          item.stage === "instant"
            ? t("material.instantDone", { name: item.name })
            : t("material.uploadDone", { name: item.name }),
        );
        refresh();
      }),
    [message, t, refresh],
  );

  const chooseFolder = (id: number | undefined) => {
    setFolderId(id);
    setPage((p) => ({ ...p, pageNo: 1 }));
    setSelected(new Map());
  };
  const changeFilters = (f: MaterialFilterValues) => {
    setFilters(f);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const changeView = (v: ViewMode) => {
    setView(v);
    localStorage.setItem(VIEW_KEY, v);
  };
  const askDelete = useDeleteMaterials((ids) => {
    setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))));
    if (preview && ids.includes(preview.id)) setPreview(null);
    refresh();
  });

  const viewProps: MaterialViewProps = {
    rows,
    loading: list.isFetching,
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    onPage: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
    selected,
    onSelect: setSelected,
    onPreview: setPreview,
    onRename: canEdit ? setRenaming : undefined,
    onDelete: canDelete ? (m) => askDelete([m.id], [m.name]) : undefined,
    sort: filters.sort,
    order: filters.order,
    onSort: (sort, order) => changeFilters({ ...filters, sort, order }),
  };
  const selection = [...selected.values()];
  const previewRow = preview ? (rows.find((r) => r.id === preview.id) ?? preview) : null;

  return (
    <div style={{ display: "flex", gap: 16, alignItems: "flex-start" }}>
      <div style={{ flex: "0 0 260px", minWidth: 0 }}>
        <FolderTree
          folders={folderList}
          loading={folders.isFetching}
          current={folderId}
          onSelect={chooseFolder}
        />
      </div>
      <Card
        style={{ flex: 1, minWidth: 0 }}
        title={here}
        extra={<UsageBar used={usage.data?.used} capacity={usage.data?.capacity} />}
      >
        <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
          <Space wrap>
            <AuthButton
              type="primary"
              operation="content:material:upload"
              label={t("material.upload")}
              icon={<UploadOutlined />}
              onClick={() => setUploadOpen(true)}
              data-testid="material-upload"
            />
            <AuthButton
              operation="content:material:upload"
              label={t("material.addWeb")}
              icon={<GlobalOutlined />}
              onClick={() => setAddUrl("web")}
              data-testid="material-add-web"
            />
            <AuthButton
              operation="content:material:upload"
              label={t("material.addStream")}
              icon={<WifiOutlined />}
              onClick={() => setAddUrl("stream")}
              data-testid="material-add-stream"
            />
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t("material.refresh")}
            </Button>
          </Space>
          <MaterialFilters value={filters} onChange={changeFilters} view={view} onView={changeView} />
          <BatchBar
            selected={selection}
            folderId={folderId}
            onMove={() => setMoving(true)}
            onRename={setRenaming}
            onDelete={askDelete}
            onPasted={() => {
              setSelected(new Map());
              refresh();
            }}
          />
          {view === "list" ? <MaterialTable {...viewProps} /> : <MaterialGrid {...viewProps} />}
        </Space>
      </Card>

      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        folderId={folderId}
        folderLabel={here}
        limitMb={limitMb}
        used={usage.data?.used}
        capacity={usage.data?.capacity}
      />
      {!uploadOpen && <UploadQueuePanel onOpen={() => setUploadOpen(true)} />}
      <AddUrlModal
        type={addUrl}
        folderId={folderId}
        onClose={() => setAddUrl(null)}
        onAdded={() => {
          void message.success(t("material.saved"));
          refresh();
        }}
      />
      <MoveModal
        open={moving}
        count={selection.length}
        folders={folderList}
        onClose={() => setMoving(false)}
        onMove={async (target) => {
          await materialApi.move(
            selection.map((m) => m.id),
            target,
          );
          void message.success(t("material.moved", { count: selection.length }));
          setSelected(new Map());
          refresh();
        }}
      />
      <NameModal
        open={renaming !== null}
        title={t("material.rename")}
        label={t("material.name")}
        initial={renaming?.name ?? ""}
        onClose={() => setRenaming(null)}
        onSave={async (name) => {
          if (!renaming) return;
          await materialApi.rename(renaming.id, name);
          void message.success(t("material.saved"));
          setSelected((s) => {
            const m = s.get(renaming.id);
            return m ? new Map(s).set(m.id, { ...m, name }) : s;
          });
          refresh();
        }}
      />
      <PreviewDrawer material={previewRow} onClose={() => setPreview(null)} />
    </div>
  );
}
