export * from "./auth";
export * from "./material";
export * from "./offices";
export * from "./program";
export * from "./publish";
export * from "./system";
export * from "./terminal";
export * from "./users";
