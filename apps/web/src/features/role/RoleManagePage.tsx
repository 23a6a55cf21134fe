import BeingBuilt from "../exception/BeingBuilt";

/** Role management (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="roleManage" />;
}
