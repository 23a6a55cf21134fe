/** What the floor pages draw: a side menu of 60 entries and a page of 24 rows, as a console list page has. */
export const ROWS = Array.from({ length: 24 }, (_, i) => ({
  key: i,
  name: `material-${i}.mp4`,
  kind: "video",
  size: `${i * 3} MB`,
  state: i % 3 ? "approved" : "pending",
  by: "admin",
  at: "2026-11-30 01:00",
}));
export const MENU_GROUPS = 10;
export const MENU_ITEMS_PER_GROUP = 6;
