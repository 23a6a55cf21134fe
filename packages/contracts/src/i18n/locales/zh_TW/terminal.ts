import type en from "../en/terminal";

/** Server messages of terminals and the terminal gateway, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "terminal.enrolCodeUnknown": "沒有使用授權碼 {{code}} 等待授權的終端，請核對螢幕上顯示的授權碼",
  "terminal.groupMissing": "分組 {{id}} 不存在或不在您的資料範圍內",
  "terminal.groupNotInOffice": "分組 {{id}} 不屬於機構 {{officeId}}",
  "terminal.groupOtherOffice": "終端 {{name}} 不在分組 {{group}} 所屬的機構中，請先將其移到該機構",
  "terminal.groupOfficeFixed": "分組 {{name}} 屬於其他機構，分組不能在機構之間移動",
  "terminal.groupCycle": "分組不能放在自身或其子分組之下",
  "terminal.groupNameTaken": "此位置已有名為 {{name}} 的分組",
  "terminal.groupNotEmpty": "分組 {{name}} 中仍有 {{terminals}} 台終端和 {{groups}} 個子分組，請先清空",
  "terminal.notAuthorised": "終端 {{name}} 尚未授權，請先使用其螢幕上顯示的授權碼進行授權",
  "terminal.programMissing": "以下節目不存在或不在您的資料範圍內：{{ids}}",
  "terminal.programNotPlayable": "節目 {{name}} 暫不能播放（{{state}}），請先提交並通過審核",
  "gateway.tokenInvalid": "終端權杖無效或已被替換，請重新註冊終端",
  "gateway.notAuthorised": "終端未獲授權（狀態：{{state}}）",
  "gateway.noPlatform": "系統尚無平台機構，請先建立第一位管理員",
  "gateway.screenshotInvalid": "截圖必須是不超過 5 MB 的 PNG、JPEG 或 WebP 圖片",
  "gateway.upgradeRequired": "此位址僅接受終端的 WebSocket 連線",
} satisfies Record<keyof typeof en, string>;
