import type en from "../en/dict";

/** Server messages of the dictionary, in French. */
export default {
  "dict.codeFormat": "doit commencer par une lettre et compter de 2 à 50 lettres, chiffres ou _",
  "dict.codeTaken": "Un type de dictionnaire de code {{code}} existe déjà",
  "dict.builtIn":
    "{{name}} est un type de dictionnaire intégré : les formulaires de la console l'utilisent, il ne peut pas être supprimé",
  "dict.builtInCode": "{{name}} est un type de dictionnaire intégré : son code ne peut pas changer",
  "dict.valueTaken": "La valeur {{value}} existe déjà dans ce type",
} satisfies Record<keyof typeof en, string>;
