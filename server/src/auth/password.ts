import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1).
// Algorithm is an ambient const enum (not importable under verbatimModuleSyntax): 2 = Argon2id.
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let checks = 0;
/** How many argon2 verifications this process has run (tests: spraying unknown addresses stops costing hashes). */
export const passwordCheckCount = (): number => checks;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  checks++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-real-password'));
