export * from "../../platform/notify";
