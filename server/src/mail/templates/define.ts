import type { LayoutContext, MailContent } from './layout.ts';

/**
 * A template: its kind and a pure function from typed data to content. 'notification' mails
 * (ticket updates) carry the RFC 8058 one-click List-Unsubscribe headers; 'transactional' ones
 * (invitation, verification, reset, ...) are what the recipient asked for and carry none.
 */
export interface TemplateDef<D> {
  kind: 'transactional' | 'notification';
  content(data: D, ctx: LayoutContext): MailContent;
}

export const defineTemplate = <D>(t: TemplateDef<D>): TemplateDef<D> => t;
