import { ExceptionPage } from "./ExceptionPage";

/** The 404 page. */
export default function NotFound() {
  return <ExceptionPage status={404} />;
}
