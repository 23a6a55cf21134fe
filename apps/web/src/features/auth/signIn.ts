import { markSessionVerified } from "../../app/AppRoutes";
import { sessionApi } from "../../services/session";
import { useSession } from "../../stores/session";

/** After a successful sign-in: who the user is, what they may do, and the server's routes. */
export async function loadSession(): Promise<void> {
  const [info, routes, personal] = await Promise.all([
    sessionApi.userInfo(),
    sessionApi.routes(),
    sessionApi.imgSetting().catch(() => null),
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
        }
      : null,
  );
  markSessionVerified();
}
