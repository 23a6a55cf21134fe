import { ExceptionPage } from "./ExceptionPage";

/** The 500 page. */
export default function ServerError() {
  return <ExceptionPage status={500} />;
}
