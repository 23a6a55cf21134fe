import type { Announcement, Permission } from "@marquee/contracts";
import { type Envelope, http } from "../../services/http";

/** The routes' permissions: operations are checked against the view permission (spec §6). */
export const ANNOUNCEMENT_PERMISSIONS = {
  view: "sys:announcement:view",
  edit: "sys:announcement:edit",
} as const satisfies Record<string, Permission>;

/** Announcement management: the stored announcement (getType=0) and its save. */
export const announcementApi = {
  stored: () => http.get<Envelope & Announcement>("/a/api/sysSetting/announcement", { getType: 0 }),
  save: (a: Announcement) =>
    http.post("/a/api/sysSetting/announcementManagerSave", a, { json: true, silent: true }),
};
