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
} from '@sc/common';
import { api, apiUpload } from '../../api/client.ts';

export const ticketKeys = {
  all: ['ticket-detail'] as const,
  ticket: (id: number) => [...ticketKeys.all, 'ticket', id] as const,
  draft: (type: string, id: string, devicetype: string) => [...ticketKeys.all, 'draft', type, id, devicetype] as const,
  lookups: () => ['tickets', 'lookups'] as const,
  actions: (id: number, page: number, pageSize: number) => [...ticketKeys.all, 'actions', id, page, pageSize] as const,
  actionsOf: (id: number) => [...ticketKeys.all, 'actions', id] as const,
  timeline: (id: number) => [...ticketKeys.all, 'timeline', id] as const,
  attachments: (id: number) => [...ticketKeys.all, 'attachments', id] as const,
};

export const ticketQuery = (id: number) =>
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
      api.get(`/tickets/new?${new URLSearchParams({ type: p.type, id: p.id, devicetype: p.devicetype }).toString()}`, { schema: ZNewTicketDraftResponseSchema, signal }),
    enabled,
    staleTime: 0,
  });

export const createTicket = (type: DraftParams['type'], body: CreateTicketRequest) =>
  api.post(`/tickets?type=${type}`, body, { schema: ZTicketDetailResponseSchema });

export function useUpdateTicket(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketRequest) => api.put(`/tickets/${id}`, body, { schema: ZTicketDetailResponseSchema }),
    onSuccess: (ticket) => qc.setQueryData(ticketKeys.ticket(id), ticket),
  });
}

export const requestStatusUpdate = (id: number) => api.post(`/tickets/${id}/status-update-request`, undefined, { schema: ZTicketActionSchema });

export const useTicketActions = (id: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: ticketKeys.actions(id, page, pageSize),
    queryFn: ({ signal }) => api.get(`/tickets/${id}/actions?page=${page}&pageSize=${pageSize}`, { schema: ZTicketActionsResponseSchema, signal }),
    placeholderData: (prev) => prev,
    staleTime: 0,
  });

export const createTicketAction = (id: number, note: string) => api.post(`/tickets/${id}/actions`, { note }, { schema: ZTicketActionSchema });

/** The conversation of the ticket page: the latest notes (the server's largest page), shown oldest first. */
export const CONVERSATION_SIZE = 100;
export const useConversation = (id: number) => useTicketActions(id, 1, CONVERSATION_SIZE);

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
