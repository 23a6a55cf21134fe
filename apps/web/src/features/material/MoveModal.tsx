import type { MaterialFolder } from "@marquee/contracts";
import { Modal, TreeSelect } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { buildFolderTree, type FolderNode, folderIdOf, ROOT_KEY } from "./folders";

interface Option {
  value: string;
  title: string;
  children: Option[];
}
const toOption = (n: FolderNode): Option => ({
  value: n.key,
  title: n.title,
  children: n.children.map(toOption),
});

/** Chooses the folder to move the selection to. */
export function MoveModal({
  open,
  count,
  folders,
  onMove,
  onClose,
}: {
  open: boolean;
  count: number;
  folders: MaterialFolder[];
  onMove: (folderId: number | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>(ROOT_KEY);
  const [busy, setBusy] = useState(false);
  const tree = useMemo(() => [toOption(buildFolderTree(folders, t("material.root")))], [folders, t]);
  return (
    <Modal
      open={open}
      title={t("material.moveTitle", { count })}
      okText={t("material.move")}
      cancelText={t("material.cancel")}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        setBusy(true);
        try {
          await onMove(folderIdOf(target));
          onClose();
        } catch {
          // shown by the http client
        } finally {
          setBusy(false);
        }
      }}
    >
      <TreeSelect
        style={{ width: "100%" }}
        value={target}
        onChange={(v: string) => setTarget(v)}
        treeData={tree}
        treeDefaultExpandAll
        aria-label={t("material.moveTo")}
        data-testid="material-move-target"
      />
    </Modal>
  );
}
