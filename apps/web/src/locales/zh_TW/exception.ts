export default {
  403: "抱歉，您無權存取此頁面。",
  404: "抱歉，您造訪的頁面不存在。",
  500: "抱歉，伺服器發生錯誤。",
  home: "返回首頁",
  inframe: "內嵌頁面",
  inframeMissing: "未指定內嵌頁面的網址",
  demoTitle: "權限演示",
  demoText: "此頁面需要 manager 角色或 form 權限。下方按鈕依操作權限控管。",
  demoAdd: "新增",
  demoEdit: "編輯",
  demoDelete: "刪除",
} as const;
