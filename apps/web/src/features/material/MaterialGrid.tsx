import { EyeOutlined } from "@ant-design/icons";
import { formatSize } from "@marquee/contracts";
import { Button, Card, Checkbox, Empty, Pagination, Space, Spin, Tooltip, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { pageSelection } from "../../components/listSelection";
import { ConvertStatus } from "./ConvertStatus";
import { isFileType } from "./format";
import { type MaterialViewProps, mediaFacts, pagination } from "./MaterialTable";
import { MaterialThumb } from "./MaterialThumb";
import { ReviewTag } from "./ReviewTag";

const CARD_WIDTH = 200;

/** The grid view: thumbnails as cards, with the same selection and paging as the list. */
export function MaterialGrid(p: MaterialViewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { toggle, selectPage, allOnPage, someOnPage } = pageSelection(p.rows, p.selected, p.onSelect);

  return (
    <Spin spinning={p.loading}>
      <div data-testid="material-grid">
        <Checkbox
          checked={allOnPage}
          indeterminate={!allOnPage && someOnPage}
          onChange={(e) => selectPage(e.target.checked)}
          style={{ marginBottom: 12 }}
        >
          {t("material.selectPage")}
        </Checkbox>
        {p.rows.length === 0 ? (
          <Empty description={t("material.empty")} />
        ) : (
          <div
            style={{
              display: "grid",
              gridTemplateColumns: `repeat(auto-fill, minmax(${CARD_WIDTH}px, 1fr))`,
              gap: 16,
            }}
          >
            {p.rows.map((m) => {
              const on = p.selected.has(m.id);
              return (
                <Card
                  key={m.id}
                  size="small"
                  hoverable
                  data-testid="material-card"
                  data-id={m.id}
                  style={on ? { borderColor: token.colorPrimary } : undefined}
                  cover={
                    <button
                      type="button"
                      onClick={() => p.onPreview(m)}
                      style={{
                        display: "block",
                        width: "100%",
                        padding: 0,
                        border: 0,
                        background: "none",
                        cursor: "pointer",
                      }}
                      aria-label={t("material.preview")}
                    >
                      <MaterialThumb material={m} size={140} fill />
                    </button>
                  }
                  styles={{ body: { padding: 8 } }}
                >
                  <Space orientation="vertical" size={4} style={{ width: "100%" }}>
                    <Space size={6} style={{ width: "100%" }}>
                      <Checkbox
                        checked={on}
                        onChange={(e) => toggle(m, e.target.checked)}
                        aria-label={m.name}
                        data-testid="material-card-check"
                      />
                      <Typography.Text ellipsis={{ tooltip: m.name }} style={{ maxWidth: CARD_WIDTH - 70 }}>
                        {m.name}
                      </Typography.Text>
                      <Tooltip title={t("material.preview")}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EyeOutlined />}
                          aria-label={t("material.preview")}
                          data-testid="material-preview"
                          onClick={() => p.onPreview(m)}
                        />
                      </Tooltip>
                    </Space>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[
                        t(`material.types.${m.type}`),
                        isFileType(m.type) ? formatSize(m.size) : "",
                        mediaFacts(m),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </Typography.Text>
                    <ReviewTag state={m.reviewState} />
                    <ConvertStatus material={m} />
                  </Space>
                </Card>
              );
            })}
          </div>
        )}
        <Pagination style={{ marginTop: 16, textAlign: "right" }} {...pagination(p)} />
      </div>
    </Spin>
  );
}
