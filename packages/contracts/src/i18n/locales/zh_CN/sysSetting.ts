import type en from "../en/sysSetting";

/** Server messages of system settings, in Simplified Chinese (mainland usage). */
export default {
  "setting.unknownKey": "未知的设置项：{{key}}",
  "setting.platformOnly": "请求被拒绝：只有平台用户可以读取或修改设置项 {{key}}",
} satisfies Record<keyof typeof en, string>;
