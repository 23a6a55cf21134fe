import type { ProgramSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Form, Modal, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { programApi } from "../program/api";
import { terminalApi } from "./api";
import { BATCH_IDS, chunk } from "./batch";

/** At most this many programs per terminal (SetTerminalProgramsBody). */
const MAX_PROGRAMS = 50;
/** Programs a terminal may play: approved ones, and those already published. */
const PLAYABLE = ["approved", "published"] as const;

type Choice = { value: number; label: string };

/** Programs a screen may be set to play whose name contains `name`, by name. */
async function playablePrograms(name: string): Promise<ProgramSummary[]> {
  const pages = await Promise.all(
    PLAYABLE.map((state) =>
      programApi.list({
        pageNo: 1,
        pageSize: 100,
        state,
        name: name || undefined,
        sort: "name",
        order: "asc",
      }),
    ),
  );
  return pages.flatMap((p) => p.list).sort((a, b) => a.name.localeCompare(b.name));
}

/** Sets what the selected terminals play (in order) until play plans take over. */
export function ProgramsModal({
  open,
  ids,
  onDone,
  onClose,
}: {
  open: boolean;
  ids: number[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Choice[]>([]);
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setChosen([]);
  }, [open]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const programs = useQuery({
    queryKey: ["terminal", "playablePrograms", search],
    queryFn: () => playablePrograms(search),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const submit = async () => {
    setBusy(true);
    try {
      const programIds = chosen.map((c) => c.value);
      for (const part of chunk(ids, BATCH_IDS)) await terminalApi.setPrograms(part, programIds);
      onDone();
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("terminal.programs.title", { count: ids.length })}
      okText={t("terminal.programs.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "terminal-programs-ok" }}
    >
      <Typography.Paragraph type="secondary">{t("terminal.programs.hint")}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t("terminal.programs.label")}
          extra={t("terminal.programs.max", { max: MAX_PROGRAMS })}
        >
          <Select<Choice[]>
            mode="multiple"
            labelInValue
            showSearch={{ filterOption: false, onSearch: setTyped }}
            maxCount={MAX_PROGRAMS}
            value={chosen}
            onChange={(v) => setChosen(v.map((c) => ({ value: Number(c.value), label: String(c.label) })))}
            options={(programs.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            loading={programs.isFetching}
            placeholder={t("terminal.programs.placeholder")}
            notFoundContent={t("terminal.programs.none")}
            style={{ width: "100%" }}
            data-testid="terminal-programs-select"
          />
        </Form.Item>
      </Form>
      {chosen.length === 0 && (
        <Typography.Text type="warning">{t("terminal.programs.clears")}</Typography.Text>
      )}
    </Modal>
  );
}
