import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { materialApi } from "../material/api";
import { programApi } from "../program/api";
import { terminalApi } from "../terminal/api";

/** Options shown while searching: the first matches of the caller's range. */
const PICK_SIZE = 20;

type Search = (text: string) => Promise<Array<{ value: number; label: string }>>;

/** A searchable, clearable picker of one entity: asks the list call as the user types. */
function EntityPicker({
  kind,
  search,
  value,
  onChange,
  placeholder,
  testId,
}: {
  kind: string;
  search: Search;
  value?: number;
  onChange(id: number | undefined): void;
  placeholder: string;
  testId: string;
}) {
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const found = useQuery({
    queryKey: ["pop", "pick", kind, text],
    queryFn: () => search(text),
    staleTime: 30_000,
  });
  const options = found.data ?? [];
  // The chosen entity stays labelled when the search no longer lists it.
  const all = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      style={{ width: 200 }}
      value={value}
      options={all}
      loading={found.isFetching}
      placeholder={placeholder}
      onChange={(v) => {
        setChosen(all.find((o) => o.value === v) ?? null);
        onChange(v ?? undefined);
      }}
      data-testid={testId}
    />
  );
}

export function ProgramPicker(p: { value?: number; onChange(id: number | undefined): void }) {
  const { t } = useTranslation();
  return (
    <EntityPicker
      {...p}
      kind="program"
      testId="pop-program"
      placeholder={t("pop.filters.program")}
      search={async (name) => {
        const page = await programApi.list({ pageNo: 1, pageSize: PICK_SIZE, ...(name ? { name } : {}) });
        return page.list.map((r) => ({ value: r.id, label: r.name }));
      }}
    />
  );
}

export function MaterialPicker(p: { value?: number; onChange(id: number | undefined): void }) {
  const { t } = useTranslation();
  return (
    <EntityPicker
      {...p}
      kind="material"
      testId="pop-material"
      placeholder={t("pop.filters.material")}
      search={async (name) => {
        const page = await materialApi.list({ pageNo: 1, pageSize: PICK_SIZE, ...(name ? { name } : {}) });
        return page.list.map((r) => ({ value: r.id, label: r.name }));
      }}
    />
  );
}

export function TerminalPicker(p: { value?: number; onChange(id: number | undefined): void }) {
  const { t } = useTranslation();
  return (
    <EntityPicker
      {...p}
      kind="terminal"
      testId="pop-terminal"
      placeholder={t("pop.filters.terminal")}
      search={async (keyword) => {
        const page = await terminalApi.list({
          pageNo: 1,
          pageSize: PICK_SIZE,
          sort: "name",
          order: "asc",
          ...(keyword ? { keyword } : {}),
        });
        return page.list.map((r) => ({ value: r.id, label: r.name }));
      }}
    />
  );
}
