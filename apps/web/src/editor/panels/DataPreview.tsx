import { cellText, type Row } from "@marquee/program";
import { Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

const SHOWN_ROWS = 5;

/** The fields and first rows of a data source (a test of its address, or an uploaded file). */
export function DataPreview({ fields, rows, total }: { fields: string[]; rows: Row[]; total?: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="data-preview">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("editorPanels.dataSources.found", { rows: total ?? rows.length, fields: fields.length })}
      </Typography.Text>
      <div style={{ margin: "4px 0" }}>
        {fields.map((f) => (
          <Tag key={f} style={{ marginBottom: 4 }}>
            {f}
          </Tag>
        ))}
      </div>
      {rows.length > 0 && (
        <Table
          size="small"
          pagination={false}
          scroll={{ x: true }}
          rowKey={(_, i) => String(i)}
          dataSource={rows.slice(0, SHOWN_ROWS)}
          columns={fields.map((f) => ({
            key: f,
            title: f,
            ellipsis: true,
            render: (_: unknown, row: Row) => cellText(row, f),
          }))}
        />
      )}
    </div>
  );
}
