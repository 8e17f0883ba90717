import type { Db } from '../../db/client.ts';
import { chatSessions } from '../../db/schema/index.ts';

/** Records an ended chat (requirements §4.5 chat-end-by-chatid); cid and web user come from the caller's session. */
export async function insertChatEnd(db: Db, row: { cid: number; webUserId: number; chatId: string; payload: Record<string, unknown> }): Promise<void> {
  await db.insert(chatSessions).values(row);
}
