import { createHash, randomBytes, randomInt } from "node:crypto";

/** Letters and digits an operator cannot misread from a screen: no 0/O, no 1/I. */
export const ENROL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const ENROL_CODE_LENGTH = 6;

/** A new terminal token: 32 random bytes, base64url; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a token (SHA-256, hex): a leaked table does not hand out working tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A random enrolment code (uniqueness is the database's unique index; the caller retries on a clash). */
export function newEnrolCode(): string {
  let code = "";
  for (let i = 0; i < ENROL_CODE_LENGTH; i++) code += ENROL_ALPHABET[randomInt(ENROL_ALPHABET.length)];
  return code;
}

/** A command id: short enough that hundreds fit in one NOTIFY payload. */
export function newCommandId(): string {
  return randomBytes(12).toString("base64url");
}
