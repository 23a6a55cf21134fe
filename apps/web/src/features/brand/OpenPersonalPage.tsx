import BeingBuilt from "../exception/BeingBuilt";

/** Enable customisation (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="openPersonal" />;
}
