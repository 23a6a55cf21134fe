import BeingBuilt from "../exception/BeingBuilt";

/** Menu management (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="menuManage" />;
}
