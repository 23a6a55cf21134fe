/** The one layout of the four review screens (materials, plans, programs, messages). */
export default {
  titles: {
    material: "Review: materials",
    plan: "Review: plans",
    program: "Review: programs",
    message: "Review: messages",
  },
  search: "Search by name",
  state: "State",
  approveSelected_one: "Approve selected ({{count}})",
  approveSelected_other: "Approve selected ({{count}})",
  rejectSelected_one: "Reject selected ({{count}})",
  rejectSelected_other: "Reject selected ({{count}})",
  empty: "Nothing is waiting for review",
  noMatch: "Nothing matches",
};
