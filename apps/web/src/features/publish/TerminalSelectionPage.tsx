import { PublishPage } from "./PublishScreen";

/** Terminal selection (/terminalSelection?kind&id): the publish steps opened at the terminals. */
export default function Page() {
  return <PublishPage screen="terminalSelection" />;
}
