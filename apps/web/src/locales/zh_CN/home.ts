export default {
  welcome: "欢迎，{{name}}",
  intro: "通过菜单管理素材、节目、播放计划和消息，并监控您的屏幕。",
  office: "机构",
  lastSignIn: "登录时间",
} as const;
