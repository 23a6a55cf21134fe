import { auditActionLabels } from "./texts";

/** Audited actions of signing in and out, one's own account and API tokens, notifications, users and roles. */
export const accountActions = auditActionLabels([
  "sysInit",
  "login",
  "loginSendVerificationCode",
  "logout",
  "pwdPastDueModify",
  "/a/api/user/saveUserInfo",
  "/a/api/user/modifyPassword",
  "/a/api/user/uploadAvatar",
  "tokenSave",
  "tokenRevoke",
  "/a/api/user/ConfirmOldpwd",
  "/a/api/user/checkPhoneOrEmail",
  "/a/api/user/sendVerificationCode",
  "/a/api/user/sendVerificationCodeNotHaveToRegister",
  "/a/api/user/checkVerificationCode",
  "/a/api/message/updateReadState",
  "/a/api/message/readAll",
  "/a/api/message/delete",
  "/a/api/user/save",
  "/a/api/user/delete",
  "/a/api/user/modifyPwd",
  "/a/api/user/updateDefDataRange",
  "/a/api/role/save",
  "/a/api/role/delete",
  // Service accounts (issue 23).
  "/a/api/serviceAccount/save",
  "/a/api/serviceAccount/delete",
  "serviceAccountTokenSave",
  "serviceAccountTokenRevoke",
  // Single sign-on (issue 23).
  "/a/api/sso/save",
  "/a/api/sso/test",
]);
