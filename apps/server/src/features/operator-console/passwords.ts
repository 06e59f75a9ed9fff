import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane); the PHC string keeps them, so
 * raising them later still verifies older hashes.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 hashes with argon2id unless told otherwise.
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified when no account matches, so an unknown e-mail takes as long as a wrong password. */
let decoy: Promise<string> | null = null;
export async function spendPasswordTime(password: string): Promise<void> {
  decoy ??= hashPassword('popstage-decoy-password');
  await verifyPassword(await decoy, password);
}
