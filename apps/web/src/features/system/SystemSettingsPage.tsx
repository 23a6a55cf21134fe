import BeingBuilt from "../exception/BeingBuilt";

/** System settings (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="systemSettings" />;
}
