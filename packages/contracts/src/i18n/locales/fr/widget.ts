import type en from "../en/widget";

/** Server messages of widgets, in French. */
export default {
  "widget.iconInvalid":
    "L'image de la palette doit être une image de widget téléversée dans votre organisation",
} satisfies Record<keyof typeof en, string>;
