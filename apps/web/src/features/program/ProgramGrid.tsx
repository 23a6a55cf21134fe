import { Card, Checkbox, Pagination, Space, Spin, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { pageSelection } from "../../components/listSelection";
import { canvasLabel } from "./canvas";
import { formatTime } from "./format";
import { ProgramActions } from "./ProgramActions";
import { type ProgramViewProps, pagination } from "./ProgramTable";
import { ProgramThumb } from "./ProgramThumb";
import { StateTag } from "./StateTag";

const CARD_WIDTH = 230;

/** The cards view: thumbnails with name, size, state and actions; same selection and paging as the table. */
export function ProgramGrid(p: ProgramViewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { toggle, selectPage, allOnPage, someOnPage } = pageSelection(p.rows, p.selected, p.onSelect);

  return (
    <Spin spinning={p.loading}>
      <div data-testid="program-grid">
        <Checkbox
          checked={allOnPage}
          indeterminate={!allOnPage && someOnPage}
          onChange={(e) => selectPage(e.target.checked)}
          style={{ marginBottom: 12 }}
        >
          {t("program.list.selectPage")}
        </Checkbox>
        <div
          style={{
            display: "grid",
            gridTemplateColumns: `repeat(auto-fill, minmax(${CARD_WIDTH}px, 1fr))`,
            gap: 16,
          }}
        >
          {p.rows.map((r) => {
            const on = p.selected.has(r.id);
            const thumb = <ProgramThumb program={r} width="100%" height={140} />;
            return (
              <Card
                key={r.id}
                size="small"
                hoverable
                data-testid="program-card"
                data-id={r.id}
                style={on ? { borderColor: token.colorPrimary } : undefined}
                cover={
                  p.grants.edit ? (
                    <button
                      type="button"
                      onClick={() => p.ops.edit(r)}
                      style={{
                        display: "block",
                        width: "100%",
                        padding: 0,
                        border: 0,
                        background: "none",
                        cursor: "pointer",
                      }}
                      aria-label={t("program.actions.edit")}
                    >
                      {thumb}
                    </button>
                  ) : (
                    thumb
                  )
                }
                styles={{ body: { padding: 10 } }}
              >
                <Space orientation="vertical" size={4} style={{ width: "100%" }}>
                  <Space size={6} style={{ width: "100%" }}>
                    <Checkbox
                      checked={on}
                      onChange={(e) => toggle(r, e.target.checked)}
                      aria-label={r.name}
                      data-testid="program-card-check"
                    />
                    <Typography.Text
                      strong
                      ellipsis={{ tooltip: r.name }}
                      style={{ maxWidth: CARD_WIDTH - 50 }}
                    >
                      {r.name}
                    </Typography.Text>
                  </Space>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {canvasLabel(r.width, r.height)} ·{" "}
                    {t("program.list.contentOf", { scenes: r.sceneCount, widgets: r.widgetCount })}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t("program.list.updatedAt", { time: formatTime(r.updateDate) })}
                    {r.creatorName ? ` · ${r.creatorName}` : ""}
                  </Typography.Text>
                  <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
                    <StateTag state={r.state} />
                    <ProgramActions program={r} grants={p.grants} ops={p.ops} />
                  </div>
                </Space>
              </Card>
            );
          })}
        </div>
        <Pagination style={{ marginTop: 16, textAlign: "right" }} {...pagination(p)} />
      </div>
    </Spin>
  );
}
