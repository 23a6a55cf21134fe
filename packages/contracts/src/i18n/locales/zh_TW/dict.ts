import type en from "../en/dict";

/** Server messages of the dictionary, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "dict.codeFormat": "須以字母開頭，由 2 到 50 個字母、數字或底線組成",
  "dict.codeTaken": "編碼為 {{code}} 的字典類型已存在",
  "dict.builtIn": "{{name}} 是內建字典類型，主控台的表單正在使用，不能刪除",
  "dict.builtInCode": "{{name}} 是內建字典類型，其編碼不能修改",
  "dict.valueTaken": "該類型中已存在值 {{value}}",
} satisfies Record<keyof typeof en, string>;
