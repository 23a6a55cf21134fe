import { CheckCircleFilled, FolderOutlined, ReloadOutlined } from "@ant-design/icons";
import type { Material } from "@marquee/contracts";
import type { MediaKind } from "@marquee/program";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Button,
  Empty,
  Input,
  Modal,
  Pagination,
  Spin,
  Tooltip,
  Tree,
  type TreeDataNode,
  Typography,
  theme,
} from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type MaterialQuery, materialApi } from "../../features/material/api";
import { buildFolderTree, type FolderNode, folderIdOf, folderKey } from "../../features/material/folders";
import { MaterialThumb } from "../../features/material/MaterialThumb";
import { ReviewTag } from "../../features/material/ReviewTag";
import { useEditor } from "../store";

const PAGE_SIZE = 24;
/** Where operators upload and manage materials. */
export const MATERIAL_LIBRARY_PATH = "/resManage/myRes";

/** What the picker offers and where its choice goes. */
export interface MaterialPickerProps {
  open: boolean;
  /** The material type offered (a widget's media kind, or image/video for a background). */
  type: MediaKind;
  /** Several materials at once (a carousel); one otherwise. */
  multiple?: boolean;
  onClose(): void;
  /** The chosen materials, in the order they were chosen (also added to the editor's materials). */
  onConfirm(list: Material[]): void;
}

/**
 * The material picker (§3 "selected folder ids and select type"): browses the
 * library by folder and name, offers only approved materials of one type, and
 * hands the choice to the editor so the renderer can show it at once.
 */
export function MaterialPicker(props: MaterialPickerProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t("editorPanels.picker.title", { type: t(`material.types.${props.type}`) })}
      width={880}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      {props.open && <PickerBody {...props} />}
    </Modal>
  );
}

function PickerBody({ type, multiple, onClose, onConfirm }: MaterialPickerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const folderIds = useEditor((s) => s.selectedFolderIds);
  const setPicker = useEditor((s) => s.setPicker);
  const addMaterials = useEditor((s) => s.addMaterials);
  const [name, setName] = useState("");
  const [pageNo, setPageNo] = useState(1);
  const [chosen, setChosen] = useState<Material[]>([]);
  const folderId = folderIds[0];

  useEffect(() => {
    setPicker({ selectType: type });
    return () => setPicker({ selectType: null });
  }, [setPicker, type]);

  const folders = useQuery({ queryKey: ["material", "folders"], queryFn: () => materialApi.folderTree() });
  const query: MaterialQuery = {
    pageNo,
    pageSize: PAGE_SIZE,
    type,
    folderId,
    name: name.trim() || undefined,
  };
  const list = useQuery({
    queryKey: ["material", "list", query],
    queryFn: () => materialApi.list(query),
    placeholderData: keepPreviousData,
  });

  const root = useMemo(
    () => buildFolderTree(folders.data?.folders ?? [], t("material.root")),
    [folders.data, t],
  );
  const toData = (n: FolderNode): TreeDataNode => ({
    key: n.key,
    title: n.title,
    icon: <FolderOutlined />,
    children: n.children.map(toData),
  });

  const toggle = (m: Material) => {
    if (m.reviewState !== "approved") return;
    setChosen((c) => {
      if (c.some((x) => x.id === m.id)) return c.filter((x) => x.id !== m.id);
      return multiple ? [...c, m] : [m];
    });
  };
  const confirm = () => {
    addMaterials(chosen);
    onConfirm(chosen);
    onClose();
  };
  const rows = list.data?.list ?? [];

  return (
    <div data-testid="material-picker">
      <div style={{ display: "flex", gap: 12, minHeight: 420 }}>
        <div
          style={{
            width: 200,
            flex: "none",
            borderRight: `1px solid ${token.colorBorderSecondary}`,
            paddingRight: 8,
          }}
        >
          <Spin spinning={folders.isFetching}>
            <Tree
              key={folders.data ? "loaded" : "loading"}
              showIcon
              blockNode
              defaultExpandAll
              treeData={[toData(root)]}
              selectedKeys={[folderKey(folderId)]}
              onSelect={(keys) => {
                const key = keys[0];
                if (key === undefined) return;
                const id = folderIdOf(String(key));
                setPicker({ selectedFolderIds: id === undefined ? [] : [id] });
                setPageNo(1);
              }}
            />
          </Spin>
        </div>
        <div style={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 8 }}>
          <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
            <Input.Search
              size="small"
              allowClear
              placeholder={t("editorPanels.picker.search")}
              aria-label={t("editorPanels.picker.search")}
              onSearch={(v) => {
                setName(v);
                setPageNo(1);
              }}
              style={{ flex: 1 }}
            />
            <Tooltip title={t("editorPanels.picker.reload")}>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t("editorPanels.picker.reload")}
                onClick={() => void queryClient.invalidateQueries({ queryKey: ["material"] })}
              />
            </Tooltip>
            <Typography.Link href={MATERIAL_LIBRARY_PATH} target="_blank" rel="noopener">
              {t("editorPanels.picker.openLibrary")}
            </Typography.Link>
          </div>
          <Spin spinning={list.isFetching}>
            {rows.length === 0 ? (
              <Empty description={t("editorPanels.picker.empty")} style={{ marginTop: 48 }} />
            ) : (
              <div
                style={{
                  display: "grid",
                  gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
                  gap: 8,
                }}
              >
                {rows.map((m) => (
                  <PickerCard
                    key={m.id}
                    material={m}
                    on={chosen.some((c) => c.id === m.id)}
                    onToggle={() => toggle(m)}
                  />
                ))}
              </div>
            )}
          </Spin>
          <Pagination
            size="small"
            style={{ marginTop: "auto", textAlign: "right" }}
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={list.data?.total ?? 0}
            showSizeChanger={false}
            onChange={setPageNo}
          />
        </div>
      </div>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", marginTop: 12 }}>
        <Typography.Text type="secondary">
          {multiple
            ? t("editorPanels.picker.chosenMany", { count: chosen.length })
            : t("editorPanels.picker.approvedOnly")}
        </Typography.Text>
        <div style={{ display: "flex", gap: 8 }}>
          <Button onClick={onClose}>{t("editorPanels.cancel")}</Button>
          <Button
            type="primary"
            disabled={chosen.length === 0}
            onClick={confirm}
            data-testid="material-picker-ok"
          >
            {t("editorPanels.picker.confirm")}
          </Button>
        </div>
      </div>
    </div>
  );
}

function PickerCard({ material, on, onToggle }: { material: Material; on: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const usable = material.reviewState === "approved";
  return (
    <button
      type="button"
      disabled={!usable}
      onClick={onToggle}
      aria-pressed={on}
      title={usable ? material.name : t("editorPanels.picker.notApproved")}
      data-testid="material-picker-card"
      data-id={material.id}
      style={{
        position: "relative",
        padding: 4,
        textAlign: "left",
        background: token.colorBgContainer,
        border: `2px solid ${on ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        cursor: usable ? "pointer" : "not-allowed",
        opacity: usable ? 1 : 0.55,
        color: token.colorText,
      }}
    >
      <MaterialThumb material={material} size={84} fill />
      {on && (
        <CheckCircleFilled
          style={{ position: "absolute", top: 8, right: 8, color: token.colorPrimary, fontSize: 18 }}
        />
      )}
      <div
        style={{
          fontSize: 12,
          marginTop: 4,
          overflow: "hidden",
          textOverflow: "ellipsis",
          whiteSpace: "nowrap",
        }}
      >
        {material.name}
      </div>
      {!usable && <ReviewTag state={material.reviewState} />}
    </button>
  );
}
