export * from "./commands";
export * from "./data";
export * from "./document";
export * from "./history";
export * from "./model";
export * from "./ops";
export * from "./widgets";
