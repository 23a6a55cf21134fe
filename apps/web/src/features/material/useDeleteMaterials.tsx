import { App, List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../../access/useCan";
import { HttpError } from "../../services/http";
import { materialApi, type UsedBy, usedByOf } from "./api";
import { MATERIAL_ROUTE_PERMISSION } from "./permissions";

/**
 * Deletes materials after a confirmation. A delete refused because programs use them (409)
 * shows those programs and, for users with content:material:forceDelete, offers "delete anyway".
 */
export function useDeleteMaterials(onDeleted: (ids: number[]) => void) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const canForce = useCan("content:material:forceDelete", MATERIAL_ROUTE_PERMISSION);

  const programs = (usedBy: UsedBy[]) => (
    <>
      <Typography.Paragraph>{t("material.inUseBody")}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={usedBy}
        rowKey="id"
        renderItem={(p) => <List.Item data-testid="material-used-by">{p.name}</List.Item>}
        style={{ maxHeight: 240, overflow: "auto" }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {canForce ? t("material.inUseForce") : t("material.inUseNoForce")}
      </Typography.Paragraph>
    </>
  );

  const send = async (ids: number[], force: boolean): Promise<void> => {
    try {
      await materialApi.remove(ids, force);
      void message.success(t("material.deleted"));
      onDeleted(ids);
    } catch (err) {
      const usedBy = usedByOf(err);
      if (usedBy && !force) {
        if (canForce) {
          modal.confirm({
            title: t("material.inUseTitle"),
            content: programs(usedBy),
            okText: t("material.deleteAnyway"),
            okButtonProps: { danger: true, "data-testid": "material-force-delete" },
            cancelText: t("material.cancel"),
            width: 520,
            onOk: () => send(ids, true),
          });
        } else {
          modal.warning({
            title: t("material.inUseTitle"),
            content: programs(usedBy),
            okText: t("material.ok"),
          });
        }
        return;
      }
      if (err instanceof HttpError && err.message === "logout") return;
      void message.error(err instanceof Error ? err.message : String(err));
    }
  };

  return (ids: number[], names: string[]) => {
    if (ids.length === 0) return;
    modal.confirm({
      title: t("material.deleteConfirm", { count: ids.length }),
      content: names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} …`,
      okText: t("material.delete"),
      okButtonProps: { danger: true, "data-testid": "material-delete-ok" },
      cancelText: t("material.cancel"),
      onOk: () => send(ids, false),
    });
  };
}
