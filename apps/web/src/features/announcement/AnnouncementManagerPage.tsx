import BeingBuilt from "../exception/BeingBuilt";

/** Announcement management (issue 8): being built. */
export default function Page() {
  return <BeingBuilt name="announcementManager" />;
}
