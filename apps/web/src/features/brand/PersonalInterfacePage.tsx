import BeingBuilt from "../exception/BeingBuilt";

/** Personalised interface (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="personalInterface" />;
}
