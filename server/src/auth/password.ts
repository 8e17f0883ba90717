import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1).
// Algorithm is an ambient const enum (not importable under verbatimModuleSyntax): 2 = Argon2id.
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let checks = 0;
/** How many argon2 verifications this process has run (tests: spraying unknown addresses stops costing hashes). */
export const passwordCheckCount = (): number => checks;

/** How long a check takes here, a moving average (starts at a typical argon2id time on one core). */
let typicalMs = 60;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  checks++;
  const started = performance.now();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  } finally {
    typicalMs = typicalMs * 0.9 + (performance.now() - started) * 0.1;
  }
}

/**
 * Waits as long as a password check takes, without running one: an unknown e-mail past the spraying
 * budget answers after the same time as a known one (requirements §19.2), at no CPU cost.
 */
export const waitLikeACheck = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, typicalMs));

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-real-password'));
