import type {
  BrandImageKind,
  BrandingInput,
  CheckDomainNameResponse,
  HostBrandResponse,
  PersonalSettingResponse,
  PersonalTenantsResponse,
  SavePersonalSettingResponse,
  UploadBrandImageResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { type Envelope, http } from "../../services/http";

export type TenantPage = z.infer<typeof PersonalTenantsResponse>;

export type DomainCheck = z.infer<typeof CheckDomainNameResponse>;

/** The white-label calls. Forms pass `silent` and show the server's field errors themselves. */
export const brandApi = {
  /** The brand of this Host, before anyone signs in. */
  hostBrand: () =>
    http.get<z.infer<typeof HostBrandResponse>>("/f/common/brand", undefined, {
      silent: true,
    }),
  personalSetting: (officeId?: number) =>
    http.get<PersonalSettingResponse & Envelope>("/a/api/customer/personalSetting", { officeId }),
  savePersonalSetting: (officeId: number, branding: BrandingInput) =>
    http.post<z.infer<typeof SavePersonalSettingResponse>>(
      "/a/api/customer/savePersonalSetting",
      { officeId, branding },
      { json: true, silent: true },
    ),
  uploadImage: (officeId: number, kind: BrandImageKind, image: string) =>
    http.post<z.infer<typeof UploadBrandImageResponse>>(
      "/a/api/customer/uploadBrandImage",
      { officeId, kind, image },
      { json: true, silent: true },
    ),
  tenants: (q: { pageNo: number; pageSize: number; name?: string; type?: string; personalType?: number }) =>
    http.get<TenantPage>("/a/api/customer/personalTenants", q),
  openPersonal: (id: number, personalType: 0 | 1) =>
    http.post("/a/api/customer/openPersonal", { id, personalType }, { json: true }),
  saveDomainName: (id: number, secondDomainName: string, personalType?: 0 | 1) =>
    http.post(
      "/a/api/customer/saveDomainName",
      { id, secondDomainName, personalType },
      { json: true, silent: true },
    ),
  checkDomainName: (name: string, id?: number) =>
    http.get<DomainCheck>("/a/api/customer/checkDomainName", { name, id }, { silent: true }),
};
