export * from "./alarm";
export * from "./audit";
export * from "./behavior";
export * from "./brand";
export * from "./common";
export * from "./constants";
export * from "./debug";
export * from "./dict";
export * from "./help";
export * from "./home";
export * from "./html";
export * from "./i18n/locales";
export * from "./i18n/messages";
export * from "./log";
export * from "./material";
export * from "./menu";
export * from "./message";
export * from "./office";
export * from "./pay";
export * from "./permissions";
export * from "./playPlan";
export * from "./pop";
export * from "./position";
export * from "./program";
export * from "./publish";
export * from "./publishMessage";
export * from "./role";
// Service accounts (issue 23).
export * from "./service-account";
export * from "./session";
// Single sign-on (issue 23).
export * from "./sso";
export * from "./statistics";
export * from "./strategy";
export * from "./sync";
export * from "./sysSetting";
export * from "./terminal";
export * from "./terminalSet";
export * from "./token";
export * from "./user";
// Video walls (issue 24)
export * from "./wall";
// Signed webhooks (issue 23)
export * from "./webhook";
