import type {
  Announcement,
  Branding,
  CheckLoginResponse,
  IsSysInitResponse,
  LoginResponse,
  PublishKeyResponse,
  RouteNode,
  UserInfoResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { type Envelope, http } from "./http";

export type PublishKey = z.infer<typeof PublishKeyResponse>;

/** Encrypts a password with the server's key when it asks for it (PKCS#1 v1.5, hex). */
export async function preparePassword(plain: string): Promise<string> {
  const key = await http.get<PublishKey>("/f/common/getPublishKey", undefined, { silent: true });
  if (!key.landingEncryption) return plain;
  // Loaded when a password is sent, not with the sign-in page.
  const { default: JSEncrypt } = await import("jsencrypt");
  const rsa = new JSEncrypt();
  rsa.getKey().setPublic(key.publicKeyJson.modulus, key.publicKeyJson.exponent);
  const b64 = rsa.encrypt(plain);
  if (!b64) throw new Error("encryption failed");
  return [...atob(b64)].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
}

export type LoginAnswer = z.infer<typeof LoginResponse>;

export type { RouteNode };

export type UserInfoAnswer = z.infer<typeof UserInfoResponse>;

export const sessionApi = {
  isSysInit: () => http.get<z.infer<typeof IsSysInitResponse>>("/f/common/isSysInit"),
  sysInit: async (v: {
    officeName: string;
    username: string;
    name: string;
    password: string;
    email?: string;
  }) =>
    http.post("/f/common/sysInit", { ...v, password: await preparePassword(v.password) }, { silent: true }),
  captchaUrl: () => `/apm-web/f/common/captcha?t=${Date.now()}`,
  login: async (v: {
    username: string;
    password: string;
    validateCode?: string;
    verificationCode?: string;
  }) =>
    http.post<LoginAnswer>(
      "/a/login",
      {
        username: v.username,
        password: await preparePassword(v.password),
        validateCode: v.validateCode ?? "",
        verificationCode: v.verificationCode ?? "",
      },
      { silent: true },
    ),
  seniorValidation: (username: string) =>
    http.get<Envelope & { needVerificationCode: boolean; needCaptcha: boolean }>(
      "/a/seniorValidation",
      { username },
      { silent: true },
    ),
  sendLoginCode: async (username: string, password: string) =>
    http.post(
      "/a/api/user/loginSendVerificationCode",
      { username, password: await preparePassword(password) },
      { silent: true },
    ),
  logout: () => http.post("/a/logout", {}, { silent: true }),
  checkIsLogin: () =>
    http.post<z.infer<typeof CheckLoginResponse>>("/f/common/checkIslogin", {}, { silent: true }),
  routes: () => http.get<Envelope & { data: RouteNode[] }>("/routes"),
  userInfo: () => http.get<UserInfoAnswer>("/a/api/user/getUserInfo"),
  saveUserInfo: (v: Record<string, string | boolean | undefined>) =>
    http.post("/a/api/user/saveUserInfo", v, { silent: true }),
  modifyPassword: async (oldPassword: string, newPassword: string) =>
    http.post(
      "/a/api/user/modifyPassword",
      { oldPassword: await preparePassword(oldPassword), newPassword: await preparePassword(newPassword) },
      { silent: true },
    ),
  uploadAvatar: (image: string) =>
    http.post<Envelope & { avatar: string }>(
      "/a/api/user/uploadAvatar",
      { image },
      { json: true, silent: true },
    ),
  imgSetting: () =>
    http.get<
      Envelope & {
        secondDomainName: string | null;
        personalType: number;
        logo: string | null;
        branding: Branding;
      }
    >("/a/api/customer/imgSetting"),
  announcement: () =>
    http.get<Envelope & Announcement>("/a/api/sysSetting/announcement", { getType: 1 }, { silent: true }),
  getKey: (keyList: string[]) =>
    http.get<Envelope & { jsonObject: Record<string, unknown> }>("/a/api/sysSetting/getKey", {
      keyList: keyList.join(","),
    }),
};
