import { PasswordPolicy } from "@marquee/contracts";
import { create } from "zustand";
import { markSessionVerified } from "../../app/AppRoutes";
import { HttpError } from "../../services/http";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";
import { paymentSwitchSetting } from "../pay/api";
import { switchTimeOf } from "../pay/paymentSwitch";

/** After a successful sign-in: who the user is, what they may do, and the server's routes. */
export async function loadSession(): Promise<void> {
  const [info, routes, personal, paymentSwitch] = await Promise.all([
    sessionApi.userInfo(),
    sessionApi.routes(),
    sessionApi.imgSetting().catch(() => null),
    // Public setting: when buyers start to see paid services (the menu hides them before).
    paymentSwitchSetting().catch(() => null),
  ]);
  useSession.getState().signIn({
    user: {
      id: info.user.id,
      name: info.user.name,
      avatar: info.user.avatar,
      username: info.user.username,
      officeName: info.user.officeName,
    },
    permissions: info.permissions,
    roles: info.roles.map((r) => r.code),
    routesConfig: routes.data,
  });
  useSession.getState().setPersonal(
    personal
      ? {
          secondDomainName: personal.secondDomainName,
          personalType: personal.personalType,
          logo: personal.logo,
          branding: personal.branding,
        }
      : null,
  );
  useSession.getState().setPaymentSwitchOpenTime(switchTimeOf(paymentSwitch));
  markSessionVerified();
}

/** Right credentials whose password must be changed first (the sign-in answered `passwordExpired`). */
export interface ExpiredPassword {
  username: string;
  /** The password just typed: the old one pwdPastDueModify verifies. */
  password: string;
  reason: "expired" | "reset";
  policy: PasswordPolicy | null;
}

/** The password change the sign-in page offers (PasswordExpiredModal), open while `pending` is set. */
export const useExpiredPassword = create<{ pending: ExpiredPassword | null; close(): void }>()((set) => ({
  pending: null,
  close: () => set({ pending: null }),
}));

/**
 * After a refused sign-in: when the server says the password must change
 * first, opens the change of password with what was typed; true when it did.
 */
export function offerPasswordChange(err: unknown, typed: { username: string; password: string }): boolean {
  if (!(err instanceof HttpError) || err.body?.passwordExpired !== true) return false;
  const policy = PasswordPolicy.safeParse(err.body.passwordPolicy);
  useExpiredPassword.setState({
    pending: {
      username: typed.username,
      password: typed.password,
      reason: err.body.reason === "reset" ? "reset" : "expired",
      policy: policy.success ? policy.data : null,
    },
  });
  return true;
}
