import type en from "../en/widget";

/** Server messages of widgets, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "widget.iconInvalid": "元件圖示必須是本機構上傳的元件圖片",
} satisfies Record<keyof typeof en, string>;
