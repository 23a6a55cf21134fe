import type { RegisterBody } from "@marquee/terminal-protocol";
import { AppError, violates } from "../platform/errors";
import type { Services } from "../platform/services";
import type { TerminalHub } from "./hub";
import { insertTerminal, platformOfficeId, rotateToken, type TerminalRow } from "./repo";
import { hashToken, newEnrolCode, newToken } from "./token";

/**
 * Registers a screen (POST /t/register): a known device gets a new token (a
 * socket opened with the old one is closed); a new one waits in the platform
 * office with a fresh enrolment code, authorised at once when the free-access
 * setting says so. Answers the row, the token (shown once) and whether the
 * device was known.
 */
export async function registerTerminal(
  services: Pick<Services, "db" | "clock" | "settings">,
  hub: TerminalHub,
  body: RegisterBody,
): Promise<{ row: TerminalRow; token: string; rotated: boolean }> {
  const { db, clock, settings } = services;
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = clock.now();
  const reported = {
    model: body.model,
    version: body.version,
    width: body.resolution.width,
    height: body.resolution.height,
    updatedAt: now,
  };
  const rotate = async () => {
    const row = await rotateToken(db, body.deviceId, tokenHash, reported);
    if (!row) return null;
    // A socket opened with the old token is closed (the token no longer exists).
    await hub.notifyState(row.id);
    return { row, token, rotated: true };
  };
  const again = await rotate();
  if (again) return again;

  const platformId = await platformOfficeId(db);
  if (platformId === undefined) throw new AppError(409, "gateway.noPlatform");
  const free = await settings.get("terminalAuthorizationFreeAccessManage");
  for (let attempt = 0; attempt < 8; attempt++) {
    const enrolCode = newEnrolCode();
    try {
      const row = await insertTerminal(db, {
        officeId: platformId,
        name: body.name || `${body.model} ${body.deviceId.slice(0, 6)}`,
        deviceId: body.deviceId,
        tokenHash,
        enrolCode,
        state: free ? "authorised" : "pending",
        authorisedAt: free ? now : null,
        createdAt: now,
        ...reported,
      });
      if (row) return { row, token, rotated: false };
      // The same device registered at the same moment: it is known now.
      const known = await rotate();
      if (known) return known;
    } catch (err) {
      if (!violates(err, "terminals_enrol_uq")) throw err;
    }
  }
  throw new Error("no free enrolment code after 8 attempts");
}
