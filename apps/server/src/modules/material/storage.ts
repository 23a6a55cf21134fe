export * from "../../platform/storage";
