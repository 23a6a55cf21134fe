export default {
  403: "抱歉，您无权访问此页面。",
  404: "抱歉，您访问的页面不存在。",
  500: "抱歉，服务器出错了。",
  home: "返回首页",
  inframe: "内嵌页面",
  inframeMissing: "未指定内嵌页面的地址",
  demoTitle: "权限演示",
  demoText: "此页面需要 manager 角色或 form 权限。下方按钮受操作权限控制。",
  demoAdd: "新增",
  demoEdit: "编辑",
  demoDelete: "删除",
} as const;
