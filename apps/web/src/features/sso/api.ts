import type { SsoConfigBody, SsoGetResponse, SsoSaveResponse, SsoTestResponse } from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

export type SsoSettings = z.infer<typeof SsoGetResponse>;

/** The single sign-on calls of the settings screen (sys:sso:edit). */
export const ssoApi = {
  get: () => http.get<SsoSettings>("/a/api/sso/get"),
  save: (body: z.input<typeof SsoConfigBody>) =>
    http.post<z.infer<typeof SsoSaveResponse>>("/a/api/sso/save", body, { json: true }),
  test: (issuer: string) =>
    http.post<z.infer<typeof SsoTestResponse>>("/a/api/sso/test", { issuer }, { json: true }),
};
