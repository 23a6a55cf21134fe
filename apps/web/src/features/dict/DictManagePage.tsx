import BeingBuilt from "../exception/BeingBuilt";

/** Dictionary (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="dictManage" />;
}
