import BeingBuilt from "../exception/BeingBuilt";

/** Institution management (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="officeManage" />;
}
