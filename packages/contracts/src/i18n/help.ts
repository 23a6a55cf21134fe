/**
 * Server messages of dictionary, FAQ, customer centre and announcements (issue 8), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
  "dict.codeFormat": "must start with a letter and hold 2 to 50 letters, digits or _",
  "dict.codeTaken": "A dictionary type with the code {{code}} already exists",
  "dict.builtIn":
    "{{name}} is a built-in dictionary type: the console's forms use it, so it cannot be deleted",
  "dict.builtInCode": "{{name}} is a built-in dictionary type: its code cannot change",
  "dict.valueTaken": "The value {{value}} already exists in this type",
  "help.answerEmpty": "has no text left once unsafe HTML is removed",
  "help.phoneFormat": "may hold only digits, spaces and + - ( ) . / # *",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "dict.codeFormat": "须以字母开头，由 2 到 50 个字母、数字或下划线组成",
  "dict.codeTaken": "编码为 {{code}} 的字典类型已存在",
  "dict.builtIn": "{{name}} 是内置字典类型，控制台的表单正在使用，不能删除",
  "dict.builtInCode": "{{name}} 是内置字典类型，其编码不能修改",
  "dict.valueTaken": "该类型中已存在值 {{value}}",
  "help.answerEmpty": "去除不安全的 HTML 后已没有内容",
  "help.phoneFormat": "只能包含数字、空格和 + - ( ) . / # *",
};

const zh_TW: Catalogue = {
  "dict.codeFormat": "須以字母開頭，由 2 到 50 個字母、數字或底線組成",
  "dict.codeTaken": "編碼為 {{code}} 的字典類型已存在",
  "dict.builtIn": "{{name}} 是內建字典類型，主控台的表單正在使用，不能刪除",
  "dict.builtInCode": "{{name}} 是內建字典類型，其編碼不能修改",
  "dict.valueTaken": "該類型中已存在值 {{value}}",
  "help.answerEmpty": "移除不安全的 HTML 後已沒有內容",
  "help.phoneFormat": "只能包含數字、空格和 + - ( ) . / # *",
};

const it: Catalogue = {
  "dict.codeFormat": "deve iniziare con una lettera e contenere da 2 a 50 lettere, cifre o _",
  "dict.codeTaken": "Esiste già un tipo di dizionario con il codice {{code}}",
  "dict.builtIn":
    "{{name}} è un tipo di dizionario predefinito: i moduli della console lo usano, quindi non può essere eliminato",
  "dict.builtInCode": "{{name}} è un tipo di dizionario predefinito: il suo codice non può cambiare",
  "dict.valueTaken": "Il valore {{value}} esiste già in questo tipo",
  "help.answerEmpty": "non contiene più testo dopo la rimozione dell'HTML non sicuro",
  "help.phoneFormat": "può contenere solo cifre, spazi e + - ( ) . / # *",
};

const ru: Catalogue = {
  "dict.codeFormat": "должен начинаться с буквы и содержать от 2 до 50 букв, цифр или _",
  "dict.codeTaken": "Тип справочника с кодом {{code}} уже существует",
  "dict.builtIn": "{{name}} — встроенный тип справочника: его используют формы консоли, удалить его нельзя",
  "dict.builtInCode": "{{name}} — встроенный тип справочника: его код нельзя изменить",
  "dict.valueTaken": "Значение {{value}} уже есть в этом типе",
  "help.answerEmpty": "после удаления небезопасного HTML не осталось текста",
  "help.phoneFormat": "может содержать только цифры, пробелы и + - ( ) . / # *",
};

const fr: Catalogue = {
  "dict.codeFormat": "doit commencer par une lettre et compter de 2 à 50 lettres, chiffres ou _",
  "dict.codeTaken": "Un type de dictionnaire de code {{code}} existe déjà",
  "dict.builtIn":
    "{{name}} est un type de dictionnaire intégré : les formulaires de la console l'utilisent, il ne peut pas être supprimé",
  "dict.builtInCode": "{{name}} est un type de dictionnaire intégré : son code ne peut pas changer",
  "dict.valueTaken": "La valeur {{value}} existe déjà dans ce type",
  "help.answerEmpty": "ne contient plus de texte une fois le HTML dangereux retiré",
  "help.phoneFormat": "ne peut contenir que des chiffres, des espaces et + - ( ) . / # *",
};

export const helpMessages = { zh_CN, zh_TW, en, it, ru, fr };
