export * from "./auth";
export * from "./offices";
export * from "./system";
export * from "./users";
