import type { Announcement, AnnouncementResponse, Permission } from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** The routes' permissions: operations are checked against the view permission (spec §6). */
export const ANNOUNCEMENT_PERMISSIONS = {
  view: "sys:announcement:view",
  edit: "sys:announcement:edit",
} as const satisfies Record<string, Permission>;

/** Announcement management: the stored announcement (getType=0) and its save. */
export const announcementApi = {
  stored: () =>
    http.get<z.infer<typeof AnnouncementResponse>>("/a/api/sysSetting/announcement", { getType: 0 }),
  save: (a: Announcement) =>
    http.post("/a/api/sysSetting/announcementManagerSave", a, { json: true, silent: true }),
};
