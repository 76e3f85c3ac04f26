import argon2 from 'argon2';

// OWASP's minimum argon2id profile (19 MiB, 2 passes, 1 lane): ~30 ms per hash here,
// so login stays cheap for us and tests stay fast, while offline guessing stays costly.
const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, options);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Computes the throwaway hash ahead of the first unknown-user login, which would otherwise pay for it. */
export function warmUpPasswordCheck(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}

/**
 * Verifies against a throwaway hash, so "unknown user" costs as much time as "wrong password"
 * and the answer time does not reveal which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  await verifyPassword(await warmUpPasswordCheck(), password);
  return false;
}
