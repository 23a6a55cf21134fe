/** apm-web/a: a child route kept for server menus that name it; it shows nothing (DECISIONS). */
export default function EmptyPage() {
  return null;
}
