import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCustomerOptionsResponseSchema,
  ZFormCatalogResponseSchema,
  ZFormDefinitionDetailSchema,
  ZFormDefinitionListResponseSchema,
  ZFormResponseSchema,
  ZSubmissionListResponseSchema,
  ZSubmissionSchema,
  type CreateFormDefinitionRequest,
  type FormCatalogRequest,
  type FormDefinitionListRequest,
  type SaveSubmissionRequest,
  type SubmissionListRequest,
  type UpdateFormDefinitionRequest,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { invalidateFormSubmissionWrite, queryKeys } from '../../api/query-keys.ts';

const formKeys = queryKeys.forms;
const kappPath = (kapp: string) => `/kapps/${encodeURIComponent(kapp)}`;
const formPath = (kapp: string, slug: string) => `${kappPath(kapp)}/forms/${encodeURIComponent(slug)}`;

export const useFormCatalog = (kapp: string, q: FormCatalogRequest) =>
  useQuery({
    queryKey: formKeys.catalog(kapp, q),
    queryFn: ({ signal }) => api.get(`${kappPath(kapp)}/forms`, { query: q, schema: ZFormCatalogResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useForm = (kapp: string, slug: string) =>
  useQuery({
    queryKey: formKeys.form(kapp, slug),
    queryFn: ({ signal }) => api.get(formPath(kapp, slug), { schema: ZFormResponseSchema, signal }),
  });

export const useSubmissions = (kapp: string, slug: string, q: SubmissionListRequest) =>
  useQuery({
    queryKey: formKeys.submissions(kapp, slug, q),
    queryFn: ({ signal }) => api.get(`${formPath(kapp, slug)}/submissions`, { query: q, schema: ZSubmissionListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useSubmission = (kapp: string, slug: string, id: string) =>
  useQuery({
    queryKey: formKeys.submission(kapp, slug, id),
    queryFn: ({ signal }) => api.get(`${formPath(kapp, slug)}/submissions/${encodeURIComponent(id)}`, { schema: ZSubmissionSchema, signal }),
  });

/** Creates a submission (no id) or continues a draft (id). */
export function useSaveSubmission(kapp: string, slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: SaveSubmissionRequest }) =>
      id
        ? api.put(`${formPath(kapp, slug)}/submissions/${encodeURIComponent(id)}`, body, { schema: ZSubmissionSchema })
        : api.post(`${formPath(kapp, slug)}/submissions`, body, { schema: ZSubmissionSchema }),
    onSuccess: (s) => invalidateFormSubmissionWrite(qc, s.ticketId !== null),
  });
}

export function useDeleteSubmission(kapp: string, slug: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${formPath(kapp, slug)}/submissions/${encodeURIComponent(id)}`),
    onSuccess: () => invalidateFormSubmissionWrite(qc, false),
  });
}

// --- definitions (space admin) ------------------------------------------------------------------

export const useFormDefinitions = (kapp: string, q: FormDefinitionListRequest) =>
  useQuery({
    queryKey: formKeys.definitions(kapp, q),
    queryFn: ({ signal }) => api.get(`${kappPath(kapp)}/form-definitions`, { query: q, schema: ZFormDefinitionListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useFormDefinition = (kapp: string, slug: string | null) =>
  useQuery({
    queryKey: formKeys.definition(kapp, slug ?? ''),
    queryFn: ({ signal }) => api.get(`${kappPath(kapp)}/form-definitions/${encodeURIComponent(slug ?? '')}`, { schema: ZFormDefinitionDetailSchema, signal }),
    enabled: slug !== null,
  });

export const useCustomerOptions = (kapp: string) =>
  useQuery({
    queryKey: formKeys.customers,
    queryFn: ({ signal }) => api.get(`${kappPath(kapp)}/form-definitions/customers`, { schema: ZCustomerOptionsResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });

type DefinitionWrite =
  | { kind: 'create'; body: CreateFormDefinitionRequest }
  | { kind: 'update'; slug: string; body: UpdateFormDefinitionRequest }
  | { kind: 'publish' | 'retire'; slug: string };

export function useWriteDefinition(kapp: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: DefinitionWrite) => {
      const base = `${kappPath(kapp)}/form-definitions`;
      if (w.kind === 'create') return api.post(base, w.body, { schema: ZFormDefinitionDetailSchema });
      if (w.kind === 'update') return api.put(`${base}/${encodeURIComponent(w.slug)}`, w.body, { schema: ZFormDefinitionDetailSchema });
      return api.post(`${base}/${encodeURIComponent(w.slug)}/${w.kind}`, undefined, { schema: ZFormDefinitionDetailSchema });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: formKeys.all }),
  });
}
