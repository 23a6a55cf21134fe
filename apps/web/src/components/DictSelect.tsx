import type { DictOption } from "@marquee/contracts";
import { Select, type SelectProps } from "antd";
import { useDict } from "./useDict";

export type DictSelectProps<V extends string = string> = Omit<SelectProps<V>, "options" | "loading"> & {
  /** The dictionary type's code, e.g. "terminalModel". */
  code: string;
  only?: readonly V[];
  fallback?: readonly DictOption[];
};

/** A Select offering the enabled items of a dictionary type, in the console's language. */
export function DictSelect<V extends string = string>({ code, only, fallback, ...rest }: DictSelectProps<V>) {
  const { options, loading } = useDict(code, { only, fallback });
  return (
    <Select<V>
      showSearch={{ optionFilterProp: "label" }}
      {...rest}
      loading={loading}
      options={options as Array<{ value: V; label: string }>}
    />
  );
}
