export default {
  welcome: "歡迎，{{name}}",
  intro: "透過選單管理素材、節目、播放計劃與訊息，並監看您的螢幕。",
  office: "機構",
  lastSignIn: "登入時間",
} as const;
