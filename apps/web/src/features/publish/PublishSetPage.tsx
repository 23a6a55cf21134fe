import { PublishPage } from "./PublishScreen";

/** Publish settings (/publishSet?kind&id): what and when, then the terminals, then confirm. */
export default function Page() {
  return <PublishPage screen="publishSet" />;
}
