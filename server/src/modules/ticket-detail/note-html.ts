import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.ts';
import { markPlainNotesClean, selectUncleanNotes, storeCleanNotes } from './actions.queries.ts';

/**
 * Note HTML is sanitised once, when written, and stored clean (ticket_actions.html_clean); a row written
 * another way (html_clean false) is sanitised on the way out and by cleanStoredNotes at start: basic formatting only, no attributes but href on links (http, https, mailto).
 */
const NOTE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // script, style, textarea, option and noscript lose their content, the rest keep their text.
  disallowedTagsMode: 'discard',
};

export const sanitizeNoteHtml = (html: string): string => sanitizeHtml(html, NOTE_POLICY).trim();

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr)\s*>|<br\s*\/?>|<hr\s*\/?>/gi;

/**
 * Tags removed (script and style with their content), the text sanitize-html escapes turned back: this is text,
 * not HTML. Stored notes are sanitised on write (NOTE_POLICY): well-formed tags, no script or style, attribute
 * values escaped. Their tags are stripped by a regular expression instead of a second parse, which cost a
 * reader of a 500-note timeline over a second (issue 33 item 5); anything else goes through sanitize-html.
 */
function textOf(html: string, clean = false): string {
  if (!/[<&]/.test(html)) return html;
  return (clean ? html.replace(/<[^>]*>/g, '') : sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * The Note column of requirements §3.1: the HTML stripped to one line of plain text. `clean`: the HTML is a
 * stored note already sanitised (ticket_actions.html_clean), read without a second sanitising parse.
 */
export function noteToText(html: string, clean = false): string {
  return textOf(html.replace(BLOCK_END, (m) => `${m} `), clean)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The Last Action Taken popup (requirements §3.2 'Action Desc (HTML shown as plain text)'): the same text, with
 * paragraphs and line breaks kept as lines and list items as '- ' lines.
 */
export function noteToLines(html: string): string {
  return textOf(html.replace(/<li\b[^>]*>/gi, (m) => `${m}\n- `).replace(BLOCK_END, (m) => `${m}\n`))
    .split('\n')
    .map((l) => l.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

/**
 * The data migration of docs/requirements.md §18.3: notes stored before sanitising moved to write time
 * (html_clean false) are sanitised and marked clean, so reads never sanitise. Runs in the background after
 * the server listens (a large database must not hold up the start; an unclean row is still sanitised on
 * read until then). Text without `<`, `>` or `&` is its own sanitised form, so those rows are marked in one
 * statement; the rest are walked once in id order (keyset batches), each sanitised in JavaScript.
 */
export async function cleanStoredNotes(db: Db, batch = 500): Promise<number> {
  let cleaned = await markPlainNotesClean(db);
  let after = 0;
  for (;;) {
    const rows = await selectUncleanNotes(db, after, batch);
    if (!rows.length) return cleaned;
    await storeCleanNotes(db, rows.map((r) => ({ id: r.id, html: sanitizeNoteHtml(r.html) })));
    after = rows[rows.length - 1]!.id;
    cleaned += rows.length;
  }
}
