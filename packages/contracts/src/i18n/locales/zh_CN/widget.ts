import type en from "../en/widget";

/** Server messages of widgets, in Simplified Chinese (mainland usage). */
export default {
  "widget.iconInvalid": "组件图标必须是本机构上传的组件图片",
} satisfies Record<keyof typeof en, string>;
