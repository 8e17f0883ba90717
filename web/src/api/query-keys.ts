import type { QueryClient } from '@tanstack/react-query';

// The one query-key registry (docs/conventions.md 'Query keys'). Every cached read has its key here, and
// every write says what it changes with one of the `invalidate…` functions below, so a list, the home
// page or a preview never shows an old row after a save (docs/requirements.md §2.9).
//
// Everything derived from tickets starts with 'tickets' (lists, calendar, preview, detail, notes), the
// home page with 'home', a contact's sub-lists with 'contacts'.

type Q = object;

export const queryKeys = {
  public: { config: ['public', 'config'] as const },
  session: { all: ['session'] as const, me: ['session', 'me'] as const },
  home: {
    all: ['home'] as const,
    grid: (kind: string, scope: string) => ['home', 'grid', kind, scope] as const,
  },
  tickets: {
    all: ['tickets'] as const,
    lists: ['tickets', 'list'] as const,
    list: (kind: string, q: Q) => ['tickets', 'list', kind, q] as const,
    calendar: ['tickets', 'calendar'] as const,
    calendarRange: (q: Q) => ['tickets', 'calendar', q] as const,
    latestActions: (id: number) => ['tickets', 'latest-actions', id] as const,
    lookups: ['tickets', 'lookups'] as const,
    filters: (type: string) => ['tickets', 'filters', type] as const,
    filterPage: (type: string, q: Q) => ['tickets', 'filters', type, 'page', q] as const,
    filter: (type: string, id: string) => ['tickets', 'filters', type, 'one', id] as const,
    detail: (id: number) => ['tickets', 'detail', id] as const,
    draft: (type: string, id: string, devicetype: string) => ['tickets', 'draft', type, id, devicetype] as const,
    actionsOf: (id: number) => ['tickets', 'actions', id] as const,
    actions: (id: number, q: Q) => ['tickets', 'actions', id, q] as const,
    timeline: (id: number) => ['tickets', 'timeline', id] as const,
    attachments: (id: number) => ['tickets', 'attachments', id] as const,
  },
  picker: {
    contacts: (q: Q) => ['ticket-picker', 'contacts', q] as const,
    devices: (q: Q) => ['ticket-picker', 'devices', q] as const,
  },
  search: (term: string) => ['search', term] as const,
  contacts: {
    all: ['contacts'] as const,
    list: (q: Q) => ['contacts', 'list', q] as const,
    detail: (id: number) => ['contacts', 'detail', id] as const,
    lookups: ['contacts', 'lookups'] as const,
    ticketsAll: ['contacts', 'tickets'] as const,
    tickets: (id: number, q: Q) => ['contacts', 'tickets', id, q] as const,
    preferences: (id: number) => ['contacts', 'preferences', id] as const,
    devices: (id: number, q: Q) => ['contacts', 'devices', id, q] as const,
  },
  invitations: {
    all: ['invitations'] as const,
    candidates: (q: Q) => ['invitations', 'candidates', q] as const,
    list: (q: Q) => ['invitations', 'list', q] as const,
  },
  devices: {
    all: ['devices'] as const,
    list: (q: Q) => ['devices', 'list', q] as const,
    detail: (id: number) => ['devices', 'detail', id] as const,
    lookups: ['devices', 'lookups'] as const,
  },
  auditLog: {
    all: ['audit-log'] as const,
    list: (q: Q) => ['audit-log', 'list', q] as const,
  },
  sessions: {
    all: ['sessions'] as const,
  },
  apiKeys: { all: ['api-keys'] as const },
  forms: {
    all: ['forms'] as const,
    catalog: (kapp: string, q: Q) => ['forms', 'catalog', kapp, q] as const,
    form: (kapp: string, slug: string) => ['forms', 'form', kapp, slug] as const,
    submissions: (kapp: string, slug: string, q: Q) => ['forms', 'submissions', kapp, slug, q] as const,
    submission: (kapp: string, slug: string, id: string) => ['forms', 'submission', kapp, slug, id] as const,
    definitions: (kapp: string, q: Q) => ['forms', 'definitions', kapp, q] as const,
    definition: (kapp: string, slug: string) => ['forms', 'definition', kapp, slug] as const,
    customers: ['forms', 'customers'] as const,
  },
  outbox: {
    all: ['outbox'] as const,
    list: (q: Q) => ['outbox', 'list', q] as const,
    message: (id: number) => ['outbox', 'message', id] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    list: (q: Q) => ['jobs', 'list', q] as const,
    detail: (id: number) => ['jobs', 'detail', id] as const,
    services: (q: Q) => ['jobs', 'services', q] as const,
    balances: (q: Q) => ['jobs', 'balances', q] as const,
    invoice: (id: number) => ['jobs', 'invoice', id] as const,
    products: (jobId: number, q: Q) => ['jobs', 'products', jobId, q] as const,
    timeData: (jobId: number, q: Q) => ['jobs', 'time', jobId, q] as const,
  },
  surveys: {
    all: ['surveys'] as const,
    /** contactId null: the caller's /surveys; a number: /contact/surveys/{id}. */
    list: (contactId: number | null, q: Q) => ['surveys', 'list', contactId, q] as const,
    charts: (contactId: number | null) => ['surveys', 'charts', contactId] as const,
    invitations: ['surveys', 'invitations'] as const,
  },
  reports: {
    all: ['reports'] as const,
    detail: (id: string, q: Q) => ['reports', 'detail', id, q] as const,
    embedToken: (id: string) => ['reports', 'embed-token', id] as const,
  },
  preferences: { mine: ['preferences', 'mine'] as const },
  banners: { all: ['banners'] as const, mine: ['banners', 'mine'] as const, active: ['banners', 'active'] as const },
} as const;

/**
 * After a ticket was created or changed (edit, note, status request, attachment): its lists, the
 * calendar, the previews, the home page's counts and tabs, the contact pages' ticket lists and the
 * ticket's own screens are read again when next shown.
 */
export async function invalidateTicketWrite(qc: QueryClient, id?: number): Promise<void> {
  const keys: readonly (readonly unknown[])[] = [
    queryKeys.tickets.lists,
    queryKeys.tickets.calendar,
    ['tickets', 'latest-actions'],
    queryKeys.home.all,
    queryKeys.contacts.ticketsAll,
    ...(id === undefined
      ? []
      : [queryKeys.tickets.detail(id), queryKeys.tickets.actionsOf(id), queryKeys.tickets.timeline(id), queryKeys.tickets.attachments(id)]),
  ];
  await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** After a contact was saved, disabled, approved or given access: contact lists and pages, invitations, picker. */
export async function invalidateContactWrite(qc: QueryClient): Promise<void> {
  await Promise.all([queryKeys.contacts.all, queryKeys.invitations.all, ['ticket-picker']].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** After a device was saved: the device lists and pages, a contact's devices, the picker. */
export async function invalidateDeviceWrite(qc: QueryClient): Promise<void> {
  await Promise.all([queryKeys.devices.all, ['contacts', 'devices'], ['ticket-picker', 'devices']].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** After invitations were sent, re-sent or deleted: both invitation lists. */
export async function invalidateInvitationWrite(qc: QueryClient): Promise<void> {
  await qc.invalidateQueries({ queryKey: queryKeys.invitations.all });
}

/** After a job was created or edited: every jobs and billing view (the lists show its number and status). */
export async function invalidateJobWrite(qc: QueryClient): Promise<void> {
  await qc.invalidateQueries({ queryKey: queryKeys.jobs.all });
}

/** After a survey was answered in the portal: the home page card, the Surveys lists and charts. */
export async function invalidateSurveyWrite(qc: QueryClient): Promise<void> {
  await qc.invalidateQueries({ queryKey: queryKeys.surveys.all });
}

/** A submission saved, submitted or deleted (requirements §14.1): its lists and screens; a submitted service-request form also made a ticket. */
export async function invalidateFormSubmissionWrite(qc: QueryClient, createdTicket: boolean): Promise<void> {
  await qc.invalidateQueries({ queryKey: queryKeys.forms.all });
  if (createdTicket) await invalidateTicketWrite(qc);
}
