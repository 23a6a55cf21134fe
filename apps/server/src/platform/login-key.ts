import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import forge from "node-forge";
import type { Db } from "../db/client";
import { secrets } from "../db/schema";

const NAME = "login-rsa-2048";

/**
 * The RSA key pair for encrypted sign-in (spec §3 Public key record). It is
 * generated once, kept in the database (so every server process shares it),
 * and its private half never leaves the server. Browsers encrypt with
 * PKCS#1 v1.5 (what JSEncrypt does); Node 20's crypto refuses that padding
 * for private decryption, so node-forge decrypts.
 */
export class LoginKey {
  private constructor(
    private readonly privateKey: forge.pki.rsa.PrivateKey,
    readonly publicKeyJson: { exponent: string; modulus: string },
  ) {}

  static async load(db: Db): Promise<LoginKey> {
    let [row] = await db.select().from(secrets).where(eq(secrets.name, NAME));
    if (!row) {
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
      await db.insert(secrets).values({ name: NAME, value: pem }).onConflictDoNothing();
      [row] = await db.select().from(secrets).where(eq(secrets.name, NAME));
    }
    if (!row) throw new Error("the login key could not be stored");
    const key = forge.pki.privateKeyFromPem(row.value) as forge.pki.rsa.PrivateKey;
    return new LoginKey(key, { exponent: key.e.toString(16), modulus: key.n.toString(16) });
  }

  /** Decrypts a hex or base64 ciphertext (PKCS#1 v1.5, or OAEP-SHA1); null when it is not one. */
  decrypt(cipherText: string): string | null {
    const bytes =
      /^[0-9a-fA-F]+$/.test(cipherText) && cipherText.length % 2 === 0
        ? forge.util.hexToBytes(cipherText)
        : /^[A-Za-z0-9+/=]+$/.test(cipherText)
          ? forge.util.decode64(cipherText)
          : null;
    if (bytes === null || bytes.length !== 256) return null;
    for (const scheme of ["RSAES-PKCS1-V1_5", "RSA-OAEP"] as const) {
      try {
        return forge.util.decodeUtf8(this.privateKey.decrypt(bytes, scheme));
      } catch {
        // try the next padding
      }
    }
    return null;
  }
}

/** Encrypts like the console does (PKCS#1 v1.5 with the published key), for tests and scripts. */
export function encryptForLogin(publicKeyJson: { exponent: string; modulus: string }, plain: string): string {
  const key = forge.pki.setRsaPublicKey(
    new forge.jsbn.BigInteger(publicKeyJson.modulus, 16),
    new forge.jsbn.BigInteger(publicKeyJson.exponent, 16),
  );
  return forge.util.bytesToHex(key.encrypt(forge.util.encodeUtf8(plain), "RSAES-PKCS1-V1_5"));
}
