import BeingBuilt from "../exception/BeingBuilt";

/** Customer centre (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="callCenter" />;
}
