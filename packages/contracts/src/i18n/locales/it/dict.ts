import type en from "../en/dict";

/** Server messages of the dictionary, in Italian. */
export default {
  "dict.codeFormat": "deve iniziare con una lettera e contenere da 2 a 50 lettere, cifre o _",
  "dict.codeTaken": "Esiste già un tipo di dizionario con il codice {{code}}",
  "dict.builtIn":
    "{{name}} è un tipo di dizionario predefinito: i moduli della console lo usano, quindi non può essere eliminato",
  "dict.builtInCode": "{{name}} è un tipo di dizionario predefinito: il suo codice non può cambiare",
  "dict.valueTaken": "Il valore {{value}} esiste già in questo tipo",
} satisfies Record<keyof typeof en, string>;
