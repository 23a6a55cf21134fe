export * from "../features/terminal/api";
