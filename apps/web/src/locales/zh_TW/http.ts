export default {
  noPermission: "無權限",
  denied: "請求遭拒",
  signOut: "已登出",
  timeout: "伺服器回應逾時",
  network: "無法連線至伺服器",
  chunkFailed: "部分頁面載入失敗，請檢查網路連線後重新整理",
} as const;
