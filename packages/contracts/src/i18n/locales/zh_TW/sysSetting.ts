import type en from "../en/sysSetting";

/** Server messages of system settings, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "setting.unknownKey": "未知的設定項目：{{key}}",
  "setting.platformOnly": "請求遭拒：只有平台使用者可以讀取或修改設定項目 {{key}}",
} satisfies Record<keyof typeof en, string>;
