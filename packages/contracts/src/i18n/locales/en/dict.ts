/** Server messages of the dictionary, in English: the source of this domain's keys, which every other language carries. */
export default {
  "dict.codeFormat": "must start with a letter and hold 2 to 50 letters, digits or _",
  "dict.codeTaken": "A dictionary type with the code {{code}} already exists",
  "dict.builtIn":
    "{{name}} is a built-in dictionary type: the console's forms use it, so it cannot be deleted",
  "dict.builtInCode": "{{name}} is a built-in dictionary type: its code cannot change",
  "dict.valueTaken": "The value {{value}} already exists in this type",
};
