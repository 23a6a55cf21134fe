import { ExceptionPage } from "./ExceptionPage";

/** The 403 page. */
export default function Forbidden() {
  return <ExceptionPage status={403} />;
}
