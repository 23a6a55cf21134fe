import type en from "../en/widget";

/** Server messages of widgets, in Russian. */
export default {
  "widget.iconInvalid":
    "Изображение для палитры должно быть изображением виджета, загруженным в вашей организации",
} satisfies Record<keyof typeof en, string>;
