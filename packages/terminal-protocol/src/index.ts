export * from "./client";
export * from "./commands";
export * from "./messages";
export * from "./reasons";
