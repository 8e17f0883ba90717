import sanitizeHtml from 'sanitize-html';

/**
 * Note HTML is stored sanitised and sanitised again on the way out (back-office notes are not
 * trusted either): basic formatting only, no attributes but href on links (http, https, mailto).
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
 * The Note column of 001 §2.9: the HTML stripped to one line of plain text. sanitize-html escapes
 * the text it keeps; the four entities it writes are turned back, since this is text, not HTML.
 */
export function noteToText(html: string): string {
  const escaped = sanitizeHtml(html.replace(BLOCK_END, (m) => `${m} `), { allowedTags: [], allowedAttributes: {} });
  return escaped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
