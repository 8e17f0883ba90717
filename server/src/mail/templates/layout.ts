import mjml2html from 'mjml';

/**
 * The one layout of every e-mail: the provider's name on top, the message (paragraphs, an optional
 * call-to-action button, optional label/value details, an optional quoted block), then the portal
 * link and the e-mail preferences link. The same content gives the HTML part (MJML, which renders
 * to the table layout Outlook, Gmail and Apple Mail agree on) and the plain-text part.
 */
export interface MailContent {
  subject: string;
  /** Short line shown by mail clients next to the subject. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** A second, quieter link under the button (e.g. Disapprove next to Approve). */
  secondaryButton?: { label: string; url: string };
  details?: { label: string; value: string }[];
  /** Quoted text (a note's content), plain text. */
  quote?: string;
  /** Small print under the message (why you get this, how long a link works). */
  footnote?: string;
}

export interface LayoutContext {
  providerName: string;
  /** The portal's home page (PUBLIC_URL/app/spa/). */
  portalUrl: string;
  /** The recipient contact's signed preferences link; absent for recipients who are not contacts. */
  preferencesUrl?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BRAND = '#1565c0';
const FONT = 'Segoe UI, Roboto, Helvetica, Arial, sans-serif';

function mjmlOf(c: MailContent, ctx: LayoutContext): string {
  const e = escapeHtml;
  const paragraphs = c.paragraphs.map((p) => `<mj-text>${e(p)}</mj-text>`).join('\n');
  const details = c.details?.length
    ? `<mj-table cellpadding="4px" padding="8px 25px">${c.details
        .map((d) => `<tr><td style="color:#555;width:35%;vertical-align:top">${e(d.label)}</td><td style="vertical-align:top">${e(d.value)}</td></tr>`)
        .join('')}</mj-table>`
    : '';
  const quote = c.quote
    ? `<mj-text><div style="border-left:3px solid #c5cae9;padding:4px 12px;color:#333;white-space:pre-wrap">${e(c.quote)}</div></mj-text>`
    : '';
  const button = c.button
    ? `<mj-button href="${e(c.button.url)}" background-color="${BRAND}" color="#ffffff" font-weight="600" border-radius="4px" align="left">${e(c.button.label)}</mj-button>`
    : '';
  const secondary = c.secondaryButton
    ? `<mj-button href="${e(c.secondaryButton.url)}" background-color="#ffffff" color="${BRAND}" border="1px solid ${BRAND}" border-radius="4px" align="left">${e(c.secondaryButton.label)}</mj-button>`
    : '';
  const linkText = [c.button, c.secondaryButton]
    .filter((b): b is { label: string; url: string } => !!b)
    .map((b) => `<mj-text font-size="12px" color="#555">${e(b.label)}: <a href="${e(b.url)}" style="color:${BRAND};word-break:break-all">${e(b.url)}</a></mj-text>`)
    .join('');
  const footnote = c.footnote ? `<mj-text font-size="12px" color="#555">${e(c.footnote)}</mj-text>` : '';
  const prefs = ctx.preferencesUrl ? ` · <a href="${e(ctx.preferencesUrl)}" style="color:#555">E-mail preferences</a>` : '';
  return `<mjml lang="en">
<mj-head>
  <mj-title>${e(c.subject)}</mj-title>
  ${c.preheader ? `<mj-preview>${e(c.preheader)}</mj-preview>` : ''}
  <mj-attributes>
    <mj-all font-family="${FONT}" />
    <mj-text font-size="15px" line-height="1.5" color="#1a1a1a" />
  </mj-attributes>
</mj-head>
<mj-body background-color="#f4f5f7" width="600px">
  <mj-section background-color="${BRAND}" padding="16px 0">
    <mj-column><mj-text color="#ffffff" font-size="18px" font-weight="600">${e(ctx.providerName)}</mj-text></mj-column>
  </mj-section>
  <mj-section background-color="#ffffff" padding="12px 0 20px">
    <mj-column>
      <mj-text font-size="20px" font-weight="600">${e(c.heading)}</mj-text>
      ${paragraphs}
      ${quote}
      ${details}
      ${button}
      ${secondary}
      ${linkText}
      ${footnote}
    </mj-column>
  </mj-section>
  <mj-section padding="12px 0">
    <mj-column>
      <mj-text font-size="12px" color="#555" align="center">${e(ctx.providerName)} · <a href="${e(ctx.portalUrl)}" style="color:#555">Support Center</a>${prefs}</mj-text>
    </mj-column>
  </mj-section>
</mj-body>
</mjml>`;
}

function textOf(c: MailContent, ctx: LayoutContext): string {
  const lines: string[] = [c.heading, ''];
  for (const p of c.paragraphs) lines.push(p, '');
  if (c.quote) lines.push(...c.quote.split('\n').map((l) => `> ${l}`), '');
  if (c.details?.length) {
    for (const d of c.details) lines.push(`${d.label}: ${d.value}`);
    lines.push('');
  }
  if (c.button) lines.push(`${c.button.label}: ${c.button.url}`);
  if (c.secondaryButton) lines.push(`${c.secondaryButton.label}: ${c.secondaryButton.url}`);
  if (c.button || c.secondaryButton) lines.push('');
  if (c.footnote) lines.push(c.footnote, '');
  lines.push('--', `${ctx.providerName} Support Center: ${ctx.portalUrl}`);
  if (ctx.preferencesUrl) lines.push(`E-mail preferences: ${ctx.preferencesUrl}`);
  return `${lines.join('\n')}\n`;
}

/** Renders content in the layout: HTML through MJML (errors are thrown, not sent), and text. */
export async function renderLayout(c: MailContent, ctx: LayoutContext): Promise<RenderedMail> {
  const out = await mjml2html(mjmlOf(c, ctx), { validationLevel: 'strict' });
  if (out.errors.length) throw new Error(`MJML: ${out.errors.map((x) => x.formattedMessage).join('; ')}`);
  return { subject: c.subject, text: textOf(c, ctx), html: out.html };
}
