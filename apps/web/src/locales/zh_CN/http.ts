export default {
  noPermission: "无权限",
  denied: "请求被拒绝",
  signOut: "已退出登录",
  timeout: "服务器响应超时",
  network: "无法连接服务器",
  chunkFailed: "部分页面加载失败，请检查网络连接后刷新",
} as const;
