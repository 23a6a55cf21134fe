import BeingBuilt from "../exception/BeingBuilt";

/** User management (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="userManage" />;
}
