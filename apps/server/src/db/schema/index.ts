export * from "./auth";
export * from "./material";
export * from "./offices";
export * from "./system";
export * from "./users";
