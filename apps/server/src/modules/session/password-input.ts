import { badRequest } from "../../platform/errors";
import type { Services } from "../../platform/services";

/**
 * A password as the console sends it: RSA-encrypted with the published key
 * while landing encryption is on (then a plain one is refused), else plain.
 */
export async function readPassword(services: Services, raw: string): Promise<string> {
  if (!(await services.settings.get("landingEncryption"))) return raw;
  const plain = services.loginKey.decrypt(raw);
  if (plain === null || plain.length === 0 || plain.length > 128) throw badRequest("login.decryptFailed");
  return plain;
}
