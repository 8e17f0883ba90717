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

/** Tags removed (script and style with their content), the text sanitize-html escapes turned back: this is text, not HTML. */
function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The Note column of requirements §3.1: the HTML stripped to one line of plain text. */
export function noteToText(html: string): string {
  return textOf(html.replace(BLOCK_END, (m) => `${m} `))
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
