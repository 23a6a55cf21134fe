import { afterEach } from "vitest";
import { failureReport } from "./harness";

/**
 * Under a failed browser test: what the pages asked that failed, their errors,
 * and what each open page shows (a refusal in a dialog, an error toast), so a
 * failure seen only on a busy CI machine says why.
 */
afterEach(async (context) => {
  if (context.task.result?.state !== "fail") return;
  console.error(`\n--- ${context.task.name}\n${await failureReport()}`);
});
