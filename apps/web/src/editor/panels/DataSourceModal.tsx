import { UploadOutlined } from "@ant-design/icons";
import { DataSource, type Row } from "@marquee/program";
import { Alert, Button, Input, InputNumber, Modal, Segmented, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { programApi } from "../../features/program/api";
import { DataPreview } from "./DataPreview";
import { Row as FieldRow, ProblemText } from "./fields";
import { fieldsOfRows, formatOfFileName, type ParsedFile, parseDataFile } from "./sources";
import { check, type Problem, problemOfIssue } from "./validate";

/** Inline rows beyond this many bytes make the saved program heavy (the request limit is 1 MiB by default). */
const HEAVY_BYTES = 512 * 1024;

type Preview =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "ok"; fields: string[]; rows: Row[] }
  | { state: "error"; text: string };

/** The add/edit form of a data source; `onSave` receives the checked source. */
export function DataSourceModal({
  initial,
  onSave,
  onClose,
}: {
  initial: DataSource;
  onSave: (source: DataSource) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DataSource>(initial);
  const [fileText, setFileText] = useState<string | null>(null);
  const [fileResult, setFileResult] = useState<ParsedFile | null>(null);
  const [preview, setPreview] = useState<Preview>({ state: "idle" });
  const [problems, setProblems] = useState<Partial<Record<string, Problem>>>({});

  const patch = (p: Partial<DataSource>) => {
    setDraft((d) => ({ ...d, ...p }));
    setProblems((old) => {
      const next = { ...old };
      for (const k of Object.keys(p)) delete next[k];
      return next;
    });
  };
  const reparse = (text: string, format: DataSource["format"], rowsPath: string) => {
    const r = parseDataFile(text, format, rowsPath);
    setFileResult(r);
    patch({ rows: r.ok ? r.rows : [] });
  };
  const setFormat = (format: DataSource["format"]) => {
    patch({ format });
    if (fileText !== null) reparse(fileText, format, draft.rowsPath);
  };
  const setRowsPath = (rowsPath: string) => {
    patch({ rowsPath });
    if (fileText !== null) reparse(fileText, draft.format, rowsPath);
  };
  const readFile = async (file: File) => {
    const text = await file.text();
    const format = formatOfFileName(file.name) ?? draft.format;
    setFileText(text);
    if (format !== draft.format) patch({ format });
    reparse(text, format, draft.rowsPath);
  };
  const test = async () => {
    const problem = check(DataSource.shape.url, draft.url);
    if (problem || !draft.url) {
      setProblems((p) => ({ ...p, url: problem ?? { key: "editorPanels.errors.urlRequired" } }));
      return;
    }
    setPreview({ state: "loading" });
    try {
      const r = await programApi.previewData(draft);
      setPreview({ state: "ok", fields: r.fields, rows: r.rows });
    } catch (e) {
      setPreview({ state: "error", text: e instanceof Error ? e.message : String(e) });
    }
  };
  const save = () => {
    const source: DataSource =
      draft.kind === "url" ? { ...draft, rows: [] } : { ...draft, url: null, refreshSec: draft.refreshSec };
    const r = DataSource.safeParse(source);
    if (!r.success) {
      const found: Partial<Record<string, Problem>> = {};
      for (const issue of r.error.issues) {
        const field = String(issue.path[0] ?? "name");
        found[field] ??= problemOfIssue(issue);
      }
      setProblems(found);
      return;
    }
    if (source.kind === "inline" && source.rows.length === 0) {
      setProblems({ rows: { key: "editorPanels.errors.noRows" } });
      return;
    }
    onSave(r.data);
    onClose();
  };
  const heavy = draft.kind === "inline" && JSON.stringify(draft.rows).length > HEAVY_BYTES;

  return (
    <Modal
      open
      title={t(initial.name ? "editorPanels.dataSources.edit" : "editorPanels.dataSources.add")}
      onCancel={onClose}
      onOk={save}
      okText={t("editorPanels.save")}
      cancelText={t("editorPanels.cancel")}
      width={560}
      destroyOnHidden
    >
      <div data-testid="data-source-form">
        <FieldRow label={t("editorPanels.fields.name")} problem={problems.name}>
          <Input
            size="small"
            value={draft.name}
            maxLength={64}
            aria-label={t("editorPanels.fields.name")}
            status={problems.name ? "error" : undefined}
            onChange={(e) => patch({ name: e.target.value })}
          />
        </FieldRow>
        <FieldRow label={t("editorPanels.dataSources.kind")}>
          <Segmented
            size="small"
            value={draft.kind}
            onChange={(k) => patch({ kind: k as DataSource["kind"] })}
            options={(["url", "inline"] as const).map((k) => ({
              value: k,
              label: t(`editorPanels.dataSources.kinds.${k}`),
            }))}
          />
        </FieldRow>
        <FieldRow label={t("editorPanels.dataSources.format")}>
          <Segmented
            size="small"
            value={draft.format}
            onChange={(f) => setFormat(f as DataSource["format"])}
            options={(["json", "csv"] as const).map((f) => ({ value: f, label: f.toUpperCase() }))}
          />
        </FieldRow>
        {draft.kind === "url" && (
          <>
            <FieldRow label={t("editorPanels.dataSources.url")} problem={problems.url}>
              <Input
                size="small"
                value={draft.url ?? ""}
                placeholder="https://"
                aria-label={t("editorPanels.dataSources.url")}
                status={problems.url ? "error" : undefined}
                onChange={(e) => patch({ url: e.target.value.trim() === "" ? null : e.target.value.trim() })}
              />
            </FieldRow>
            <FieldRow label={t("editorPanels.dataSources.refresh")} problem={problems.refreshSec}>
              <InputNumber
                size="small"
                min={10}
                max={86_400}
                precision={0}
                value={draft.refreshSec}
                suffix={t("editorPanels.units.seconds")}
                aria-label={t("editorPanels.dataSources.refresh")}
                onChange={(n) => patch({ refreshSec: n ?? Number.NaN })}
              />
            </FieldRow>
          </>
        )}
        {draft.format === "json" && (
          <FieldRow
            label={t("editorPanels.dataSources.rowsPath")}
            tip={t("editorPanels.dataSources.rowsPathTip")}
            problem={problems.rowsPath}
          >
            <Input
              size="small"
              value={draft.rowsPath}
              placeholder="data.items"
              aria-label={t("editorPanels.dataSources.rowsPath")}
              onChange={(e) => setRowsPath(e.target.value.trim())}
            />
          </FieldRow>
        )}
        {draft.kind === "url" ? (
          <FieldRow label="">
            <Button
              size="small"
              onClick={() => void test()}
              loading={preview.state === "loading"}
              data-testid="data-test"
            >
              {t("editorPanels.dataSources.test")}
            </Button>
            {preview.state === "ok" && <DataPreview fields={preview.fields} rows={preview.rows} />}
            {preview.state === "error" && (
              <Alert type="error" showIcon style={{ marginTop: 6 }} title={preview.text} />
            )}
          </FieldRow>
        ) : (
          <FieldRow label={t("editorPanels.dataSources.file")} problem={problems.rows}>
            <Space orientation="vertical" size={4} style={{ width: "100%" }}>
              <Upload
                accept=".json,.csv,application/json,text/csv"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void readFile(file);
                  return false;
                }}
              >
                <Button size="small" icon={<UploadOutlined />}>
                  {t("editorPanels.dataSources.chooseFile")}
                </Button>
              </Upload>
              {fileResult && !fileResult.ok && (
                <ProblemText problem={{ key: `editorPanels.errors.${fileResult.error}` }} />
              )}
              {fileResult?.ok && fileResult.truncated && (
                <Typography.Text type="warning" style={{ fontSize: 12 }}>
                  {t("editorPanels.dataSources.truncated", { max: draft.rows.length })}
                </Typography.Text>
              )}
              {heavy && (
                <Typography.Text type="warning" style={{ fontSize: 12 }}>
                  {t("editorPanels.dataSources.heavy")}
                </Typography.Text>
              )}
              {draft.rows.length > 0 && <DataPreview fields={fieldsOfRows(draft.rows)} rows={draft.rows} />}
            </Space>
          </FieldRow>
        )}
      </div>
    </Modal>
  );
}
