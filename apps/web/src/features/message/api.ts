import { type MessageListResponse, type MessagesUpdatedResponse, NOTICE_PAGE } from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

export type MessageList = z.infer<typeof MessageListResponse>;

export const messageApi = {
  list: (
    userId: number | undefined,
    pageNo: number = NOTICE_PAGE.pageNo,
    pageSize: number = NOTICE_PAGE.pageSize,
    readState?: "0" | "1",
  ) =>
    http.get<MessageList>("/a/api/message/list", { userId, pageNo, pageSize, readState }, { silent: true }),
  updateReadState: (ids: number[], readState: "0" | "1") =>
    http.get("/a/api/message/updateReadState", { id: ids.join(","), readState }),
  /** Marks every one of the caller's notices read. */
  readAll: () =>
    http.post<z.infer<typeof MessagesUpdatedResponse>>("/a/api/message/readAll", {}, { json: true }),
  remove: (ids: number[]) => http.post("/a/api/message/delete", { id: ids.join(",") }),
};
