import type en from "../en/sysSetting";

/** Server messages of system settings, in French. */
export default {
  "setting.unknownKey": "Paramètre inconnu : {{key}}",
  "setting.platformOnly":
    "Requête refusée : seuls les utilisateurs de la plateforme peuvent lire ou modifier le paramètre {{key}}",
} satisfies Record<keyof typeof en, string>;
