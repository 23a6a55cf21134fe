import type en from "../en/terminalSet";

/** Server messages of terminal settings and commands, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "terminalSet.emptyPatch": "請至少選擇一項要修改的設定",
  "terminalSet.programNotPlayable": "節目 {{name}} 目前無法播放（{{state}}），需先審核通過",
  "terminalSet.messageNotPlayable": "訊息 {{name}} 目前無法播放（{{state}}），需先審核通過",
  "terminalSet.messageEnded": "訊息 {{name}} 已經結束",
  "terminalSet.messageNotOnTerminal": "終端 {{name}} 上沒有播放訊息 {{messageId}}",
  "terminalSet.multipartRequired": "請以 multipart/form-data 格式上傳升級包檔案",
  "terminalSet.multipartInvalid": "無法讀取上傳內容：{{reason}}",
  "terminalSet.fileRequired": "請選擇升級包檔案",
  "terminalSet.fileEmpty": "升級包檔案為空",
  "terminalSet.packageTooLarge": "升級包超過了 {{limit}} MB 的上傳限制",
  "terminalSet.commandMissing": "指令 {{id}} 不存在或不在您的資料範圍內",
  "terminalSet.contentOtherTenant": "{{name}} 與終端 {{terminal}} 不屬於同一租戶",
  "terminalSet.packageOtherTenant": "終端 {{name}} 與升級包不屬於同一租戶",
} satisfies Record<keyof typeof en, string>;
