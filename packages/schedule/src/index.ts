export * from "./device";
export * from "./edit";
export * from "./model";
export * from "./resolve";
export * from "./runway";
export * from "./zone";
