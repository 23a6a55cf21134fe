import type en from "../en/dict";

/** Server messages of the dictionary, in Simplified Chinese (mainland usage). */
export default {
  "dict.codeFormat": "须以字母开头，由 2 到 50 个字母、数字或下划线组成",
  "dict.codeTaken": "编码为 {{code}} 的字典类型已存在",
  "dict.builtIn": "{{name}} 是内置字典类型，控制台的表单正在使用，不能删除",
  "dict.builtInCode": "{{name}} 是内置字典类型，其编码不能修改",
  "dict.valueTaken": "该类型中已存在值 {{value}}",
} satisfies Record<keyof typeof en, string>;
