import type en from "../en/publish";

/** Server messages of publishing and delivery, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "publish.noTargets": "請至少選擇一個終端、機構或分組",
  "publish.noTerminals": "所選範圍內沒有您資料範圍內的已授權終端",
  "publish.stateInvalid": "{{name}} 目前狀態（{{state}}）不能發佈",
  "publish.messageEnded": "訊息 {{name}} 已經結束，請先修改結束時間再發佈",
  "publish.nameTaken": "已存在名為 {{name}} 的發佈",
  "publish.otherTenant": "終端 {{name}} 與內容不屬於同一客戶",
  "publish.notActive": "發佈 {{name}} 未生效（{{state}}）",
  "publish.state.scheduled": "定時",
  "publish.state.active": "生效中",
  "publish.state.withdrawn": "已撤回",
} satisfies Record<keyof typeof en, string>;
