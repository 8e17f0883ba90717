import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { emailPreferencesUrl, spaLink, unsubscribeUrl } from './links.ts';
import type { TemplateDef } from './templates/define.ts';
import { renderLayout, type RenderedMail } from './templates/layout.ts';
import { templates, type TemplateData, type TemplateName } from './templates/index.ts';

interface MailRequest<N extends TemplateName> {
  /** The customer the mail belongs to (null: none, e.g. provider staff). */
  cid: number | null;
  /** The recipient contact, when the recipient is one: adds the signed e-mail preferences link
   *  and, on notifications, the one-click List-Unsubscribe headers. */
  contactId?: number | null;
  to: string;
  template: N;
  data: TemplateData<N>;
}

/** The address part of MAIL_FROM ('Support Center <support@example.com>' → 'support@example.com'). */
export const mailFromAddress = (mailFrom: string): string => /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();

/** A Message-ID of the sender's domain, fixed when the mail is queued. */
export function newMessageId(config: Pick<Config, 'mailFrom'>): string {
  const domain = mailFromAddress(config.mailFrom).split('@')[1] || 'localhost';
  return `<${randomUUID()}@${domain}>`;
}

/** Renders a template with the shared layout (provider name, portal link, preferences link). */
export async function renderMail<N extends TemplateName>(config: Config, template: N, data: TemplateData<N>, contactId?: number | null): Promise<RenderedMail> {
  const def = templates[template] as unknown as TemplateDef<TemplateData<N>>;
  const ctx = {
    providerName: config.provider.name,
    portalUrl: spaLink(config, '/'),
    ...(contactId ? { preferencesUrl: emailPreferencesUrl(config, contactId) } : {}),
  };
  return renderLayout(def.content(data, ctx), ctx);
}

/** The headers a template adds: one-click unsubscribe (RFC 8058) on notifications to a contact. */
export function headersFor(config: Config, template: TemplateName, contactId?: number | null): Record<string, string> {
  if (templates[template].kind !== 'notification' || !contactId) return {};
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config, contactId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * Queues one e-mail: renders the template now and writes subject, text, HTML, headers and a fixed
 * Message-ID to email_outbox. Pass the transaction of the change that causes the mail as `db`,
 * so the mail exists if and only if the change is committed; the relay sends it afterwards.
 */
export async function enqueueMail<N extends TemplateName>(db: Db, config: Config, m: MailRequest<N>): Promise<{ id: number; messageId: string }> {
  const rendered = await renderMail(config, m.template, m.data, m.contactId);
  const messageId = newMessageId(config);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      cid: m.cid,
      contactId: m.contactId ?? null,
      toAddress: m.to,
      subject: rendered.subject.slice(0, 300),
      textBody: rendered.text,
      htmlBody: rendered.html,
      template: m.template,
      messageId,
      headers: headersFor(config, m.template, m.contactId),
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id, messageId };
}
