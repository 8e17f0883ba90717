const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Notes are stored as HTML (the original's editor wrote HTML); what is typed here is plain text,
 * so it is escaped — '<b>' typed shows as '<b>' — and its lines become paragraphs.
 */
export function textToNoteHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
