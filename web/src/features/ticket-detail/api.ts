import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZNewTicketDraftResponseSchema,
  ZTicketActionSchema,
  ZTicketActionsResponseSchema,
  ZTicketAttachmentSchema,
  ZTicketAttachmentsResponseSchema,
  ZTicketDetailResponseSchema,
  ZTicketLookupsResponseSchema,
  ZTicketTimelineResponseSchema,
  type CreateTicketRequest,
  type UpdateTicketRequest,
  type TicketActionsQueryInput,
} from '@sc/common';
import { api, apiUpload } from '../../api/client.ts';
import { invalidateTicketWrite, queryKeys } from '../../api/query-keys.ts';
import { withQuery } from '../../api/query-string.ts';

export const ticketKeys = {
  ticket: queryKeys.tickets.detail,
  draft: queryKeys.tickets.draft,
  lookups: () => queryKeys.tickets.lookups,
  actions: queryKeys.tickets.actions,
  actionsOf: queryKeys.tickets.actionsOf,
  timeline: queryKeys.tickets.timeline,
  attachments: queryKeys.tickets.attachments,
};

const ticketQuery = (id: number) =>
  queryOptions({ queryKey: ticketKeys.ticket(id), queryFn: ({ signal }) => api.get(`/tickets/${id}`, { schema: ZTicketDetailResponseSchema, signal }), staleTime: 0 });

export const useTicket = (id: number, enabled = true) => useQuery({ ...ticketQuery(id), enabled });

export const useTicketLookups = () =>
  useQuery({ queryKey: ticketKeys.lookups(), queryFn: ({ signal }) => api.get('/tickets/lookups', { schema: ZTicketLookupsResponseSchema, signal }), staleTime: 5 * 60_000 });

export interface DraftParams {
  type: 'contact' | 'device' | 'primaryContact';
  id: string;
  devicetype: 'device' | 'kaseya' | 'ncentral';
}
export const useNewTicketDraft = (p: DraftParams, enabled: boolean) =>
  useQuery({
    queryKey: ticketKeys.draft(p.type, p.id, p.devicetype),
    queryFn: ({ signal }) =>
      api.get('/tickets/new', { query: { type: p.type, id: p.id, devicetype: p.devicetype }, schema: ZNewTicketDraftResponseSchema, signal }),
    enabled,
    staleTime: 0,
  });

export const createTicket = (type: DraftParams['type'], body: CreateTicketRequest) =>
  api.post(withQuery('/tickets', { type }), body, { schema: ZTicketDetailResponseSchema });

export function useUpdateTicket(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketRequest) => api.put(`/tickets/${id}`, body, { schema: ZTicketDetailResponseSchema }),
    onSuccess: async (ticket) => {
      qc.setQueryData(ticketKeys.ticket(id), ticket);
      // The lists, the home page and the preview show the new values when next shown (no Refresh needed).
      await invalidateTicketWrite(qc, id);
    },
  });
}

export const requestStatusUpdate = (id: number) => api.post(`/tickets/${id}/status-update-request`, undefined, { schema: ZTicketActionSchema });

const useTicketActions = (id: number, q: TicketActionsQueryInput) =>
  useQuery({
    queryKey: ticketKeys.actions(id, q),
    queryFn: ({ signal }) => api.get(`/tickets/${id}/actions`, { query: q, schema: ZTicketActionsResponseSchema, signal }),
    placeholderData: (prev) => prev,
    staleTime: 0,
  });

export const createTicketAction = (id: number, note: string) => api.post(`/tickets/${id}/actions`, { note }, { schema: ZTicketActionSchema });

/** The conversation of the ticket page: the latest notes (the server's largest page), shown oldest first. */
const CONVERSATION_SIZE = 100;
export const CONVERSATION_QUERY = { page: 1, pageSize: CONVERSATION_SIZE } as const satisfies TicketActionsQueryInput;
export const useConversation = (id: number) => useTicketActions(id, CONVERSATION_QUERY);

export const removeAttachment = (id: number, attachmentId: number) => api.delete(`/tickets/${id}/attachments/${attachmentId}`);

export const actionsExportUrl = (id: number): string => `/api/v1/tickets/${id}/actions/export`;

export const useTicketTimeline = (id: number) =>
  useQuery({ queryKey: ticketKeys.timeline(id), queryFn: ({ signal }) => api.get(`/tickets/${id}/timeline`, { schema: ZTicketTimelineResponseSchema, signal }), staleTime: 0 });

export const useTicketAttachments = (id: number) =>
  useQuery({
    queryKey: ticketKeys.attachments(id),
    queryFn: ({ signal }) => api.get(`/tickets/${id}/attachments`, { schema: ZTicketAttachmentsResponseSchema, signal }),
    staleTime: 0,
  });

export const uploadAttachment = (id: number, file: File) =>
  apiUpload(`/tickets/${id}/attachments`, file, { 'x-file-name': encodeURIComponent(file.name) }, ZTicketAttachmentSchema);

export const attachmentUrl = (id: number, attachmentId: number): string => `/api/v1/tickets/${id}/attachments/${attachmentId}`;
