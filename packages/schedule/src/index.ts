export * from "./device";
export * from "./model";
export * from "./resolve";
export * from "./zone";
