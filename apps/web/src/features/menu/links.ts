/** Where a menu entry with an external link goes: /inframe inside the console, or a new tab. */
export function inframePath(link: string): string {
  return `/inframe?src=${encodeURIComponent(link)}`;
}

/** Opens a menu entry's external link (spec §2 /inframe for framed ones). */
export function openMenuLink(link: string, frame: boolean, navigate: (to: string) => void): void {
  if (frame) navigate(inframePath(link));
  else window.open(link, "_blank", "noopener,noreferrer");
}
