export * from "../features/material/api";
