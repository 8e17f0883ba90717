import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

/**
 * Fills config.appSecret: APP_SECRET when set, otherwise the key generated on the first start and
 * kept in the database (app_secrets), so every instance on the same database signs alike and a
 * restart does not void the links already e-mailed. The key never leaves the server.
 */
export async function ensureAppSecret(db: Db, config: Config): Promise<string> {
  if (config.appSecret) return config.appSecret;
  await db.insert(appSecrets).values({ name: 'app', value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, 'app')).limit(1);
  config.appSecret = row!.value;
  return row!.value;
}
