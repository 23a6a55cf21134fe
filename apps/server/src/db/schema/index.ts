export * from "./auth";
export * from "./material";
export * from "./offices";
export * from "./pay";
export * from "./program";
export * from "./publish";
// Single sign-on (issue 23).
export * from "./sso";
export * from "./stats";
export * from "./system";
export * from "./terminal";
export * from "./users";
// Video walls (issue 24).
export * from "./walls";
export * from "./webhooks";
