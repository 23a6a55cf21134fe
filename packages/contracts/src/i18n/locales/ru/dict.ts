import type en from "../en/dict";

/** Server messages of the dictionary, in Russian. */
export default {
  "dict.codeFormat": "должен начинаться с буквы и содержать от 2 до 50 букв, цифр или _",
  "dict.codeTaken": "Тип справочника с кодом {{code}} уже существует",
  "dict.builtIn": "{{name}} — встроенный тип справочника: его используют формы консоли, удалить его нельзя",
  "dict.builtInCode": "{{name}} — встроенный тип справочника: его код нельзя изменить",
  "dict.valueTaken": "Значение {{value}} уже есть в этом типе",
} satisfies Record<keyof typeof en, string>;
