import type en from "../en/sysSetting";

/** Server messages of system settings, in Italian. */
export default {
  "setting.unknownKey": "Impostazione sconosciuta: {{key}}",
  "setting.platformOnly":
    "Richiesta negata: solo gli utenti della piattaforma possono leggere o modificare l'impostazione {{key}}",
} satisfies Record<keyof typeof en, string>;
