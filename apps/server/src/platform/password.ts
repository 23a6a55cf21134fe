import { hash, verify } from "@node-rs/argon2";

/** Algorithm.Argon2id (a const enum the package only ships as a type). */
const ARGON2ID = 2;

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not tell. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("marquee-no-such-user");
  return dummy;
}
