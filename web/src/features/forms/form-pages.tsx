import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ListAltIcon from '@mui/icons-material/ListAlt';
import SaveIcon from '@mui/icons-material/Save';
import { type GridColDef } from '@mui/x-data-grid';
import {
  canManageForms,
  FORM_TEXTS,
  listMetaOf,
  SUBMISSION_STATES,
  ZFormCatalogRequestSchema,
  ZSubmissionListRequestSchema,
  type SignedInUser,
  type Submission,
  type SubmissionRow,
  type SubmissionState,
} from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { hrefs } from '../../config/hrefs.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { ToolbarSearchField, ToolbarSelectFilter } from '../../ui/list-toolbar.tsx';
import { ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, ListStatus, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useDeleteSubmission, useForm, useFormCatalog, useSaveSubmission, useSubmission, useSubmissions } from './api.ts';
import type { SurveyState } from './survey-form.tsx';

// requirements §14.1: the generic form-engine pages of portal-shell-and-tickets §2. SurveyJS is
// its own chunk (React.lazy), loaded only where a form is shown.
const SurveyForm = lazy(() => import('./survey-form.tsx').then((m) => ({ default: m.SurveyForm })));

const SEARCH_DEBOUNCE_MS = 500;
/** After the confirmation page, the submissions list (spec §2 'post-create navigation'). */
const AFTER_SUBMIT_MS = 2500;

const errorText = (e: unknown) => (isApiError(e) ? e.message : 'An Error Occurred');

function Loading({ text }: { text: string }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ py: 4 }}>
      {text}
    </Typography>
  );
}

/** /kapps/:kappSlug/forms: the forms the caller may use, each with Submit New. */
export function FormCatalogPage({ kapp, user }: { kapp: string; user: SignedInUser }) {
  const { state, update } = useListUrlState(ZFormCatalogRequestSchema, { pageSize: 50 });
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), SEARCH_DEBOUNCE_MS);
  const list = useFormCatalog(kapp, state);
  const rows = list.data?.rows ?? [];
  return (
    <ListScreen
      title="Request Catalogue"
      subtitle="Forms you can submit"
      order={sortLabel('Name', state.direction)}
      actions={
        canManageForms(user) ? (
          <Button component={RouterLink} to={hrefs.formDefinitions({ kappSlug: kapp })}>
            Manage Forms
          </Button>
        ) : undefined
      }
      filters={<ToolbarSearchField label="Search forms" value={searchText} onChange={setSearchText} />}
    >
      <ListStatus
        isPending={list.isPending}
        error={list.error}
        rowCount={rows.length}
        isFiltered={!!state.search}
        onRetry={() => void list.refetch()}
        emptyText={FORM_TEXTS.noForms}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {rows.map((f) => (
          <Card key={f.slug} variant="outlined" component="section" aria-labelledby={`form-${f.slug}`} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent>
              <Typography id={`form-${f.slug}`} variant="h6" component="h2">
                {f.name}
              </Typography>
              {f.createsServiceRequest && <Chip size="small" label="Service request" sx={{ mt: 0.5 }} />}
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {f.description}
              </Typography>
            </CardContent>
            <CardActions sx={{ mt: 'auto', flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={hrefs.formSubmit({ kappSlug: kapp, formSlug: f.slug })} aria-label={`${FORM_TEXTS.submitNew}: ${f.name}`}>
                {FORM_TEXTS.submitNew}
              </Button>
              <Button startIcon={<ListAltIcon />} component={RouterLink} to={hrefs.formSubmissions({ kappSlug: kapp, formSlug: f.slug })} aria-label={`Submissions of ${f.name}`}>
                Submissions
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </ListScreen>
  );
}

/** values[name]=… query parameters, per question name (spec §2: form values can be prefilled). */
function prefillOf(params: URLSearchParams): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of params) {
    const m = /^values\[(.+)\]$/.exec(key);
    if (m?.[1]) (out[m[1]] ??= []).push(value);
  }
  return out;
}

interface FillProps {
  kapp: string;
  formSlug: string;
  definition: Record<string, unknown>;
  submission?: Submission;
  prefill?: Record<string, string[]>;
}

/**
 * The form being filled in, new or a draft resumed: Save Draft keeps the answers and page; completing
 * the last page submits. Post-create navigation (spec §2): a draft goes to its submission page, a
 * finished one to the submissions list (after its confirmation page).
 */
function FillForm({ kapp, formSlug, definition, submission, prefill }: FillProps) {
  const save = useSaveSubmission(kapp, formSlug);
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const stateRef = useRef<(() => SurveyState) | null>(null);
  const [completed, setCompleted] = useState(false);

  const saveDraft = async () => {
    const s = stateRef.current?.();
    if (!s) return;
    try {
      const saved = await save.mutateAsync({ id: submission?.id, body: { coreState: 'Draft', currentPage: s.page, values: s.values } });
      showSnackbar(FORM_TEXTS.draftSaved, { severity: 'success' });
      if (!submission) void navigate(hrefs.formSubmission({ kappSlug: kapp, formSlug, id: saved.id }));
    } catch (e) {
      showSnackbar(errorText(e), { severity: 'error' });
    }
  };

  const complete = async (s: SurveyState) => {
    try {
      const saved = await save.mutateAsync({ id: submission?.id, body: { coreState: 'Submitted', currentPage: s.page, values: s.values } });
      setCompleted(true);
      showSnackbar(saved.ticketNo ? `${FORM_TEXTS.submitted}: service request ${saved.ticketNo}` : FORM_TEXTS.submitted, { severity: 'success' });
      window.setTimeout(() => void navigate(hrefs.formSubmissions({ kappSlug: kapp, formSlug })), AFTER_SUBMIT_MS);
    } catch (e) {
      showSnackbar(errorText(e), { severity: 'error' });
      throw e;
    }
  };

  return (
    <>
      {!completed && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button variant="outlined" startIcon={<SaveIcon />} onClick={() => void saveDraft()} disabled={save.isPending}>
            {FORM_TEXTS.saveDraft}
          </Button>
        </Stack>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Suspense fallback={<Loading text={FORM_TEXTS.loadingForm} />}>
          <SurveyForm definition={definition} values={submission?.values} prefill={prefill} page={submission?.currentPage} onComplete={complete} stateRef={stateRef} />
        </Suspense>
      </Paper>
      {completed && (
        <Button sx={{ mt: 2 }} component={RouterLink} to={hrefs.formSubmissions({ kappSlug: kapp, formSlug })}>
          View submissions
        </Button>
      )}
    </>
  );
}

/** /kapps/:kappSlug/forms/:formSlug: submit a new one. */
export function FormSubmitPage({ kapp, formSlug }: { kapp: string; formSlug: string }) {
  const form = useForm(kapp, formSlug);
  const [params] = useSearchParams();
  const prefill = useMemo(() => prefillOf(params), [params]);
  if (form.isPending) return <Loading text={FORM_TEXTS.loadingForm} />;
  if (form.error) return <Alert severity="error">{errorText(form.error)}</Alert>;
  const f = form.data;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={f.name}
        subtitle={f.description}
        toolbar={
          <Button startIcon={<ListAltIcon />} component={RouterLink} to={hrefs.formSubmissions({ kappSlug: kapp, formSlug })}>
            My submissions
          </Button>
        }
      />
      <FillForm kapp={kapp} formSlug={formSlug} definition={f.definition} prefill={prefill} />
    </Box>
  );
}

const SUBMISSION_LIST = listMetaOf(ZSubmissionListRequestSchema);
const STATE_COLOR: Record<SubmissionState, 'default' | 'warning' | 'success'> = { Draft: 'warning', Submitted: 'success' };

/** /kapps/:kappSlug/forms/:formSlug/submissions: Review and Delete, a state filter and a search, Submit New. */
export function SubmissionsPage({ kapp, formSlug, timeZone }: { kapp: string; formSlug: string; timeZone: string }) {
  const url = useListUrlState(ZSubmissionListRequestSchema);
  const { state, update } = url;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), SEARCH_DEBOUNCE_MS);
  const list = useSubmissions(kapp, formSlug, state);
  const remove = useDeleteSubmission(kapp, formSlug);
  const showSnackbar = useSnackbar();
  const [toDelete, setToDelete] = useState<SubmissionRow | null>(null);
  const navigate = useNavigate();

  const doDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showSnackbar(FORM_TEXTS.deleted, { severity: 'success' });
    } catch (e) {
      showSnackbar(errorText(e), { severity: 'error' });
    }
    setToDelete(null);
  };

  const review = (id: string) => hrefs.formSubmission({ kappSlug: kapp, formSlug, id });
  const columns: GridColDef<SubmissionRow>[] = [
    { field: 'coreState', headerName: 'State', minWidth: 110, sortable: false, renderCell: (p) => <Chip size="small" color={STATE_COLOR[p.row.coreState]} label={p.row.coreState} /> },
    { field: 'summary', headerName: 'Answers', flex: 1.5, minWidth: 200, sortable: false },
    { field: 'submittedByName', headerName: 'Submitted By', flex: 0.8, minWidth: 140, sortable: false },
    {
      field: 'ticketNo',
      headerName: 'Service Request',
      minWidth: 140,
      sortable: false,
      renderCell: (p) =>
        p.row.ticketId ? (
          <Link component={RouterLink} to={hrefs.serviceRequestView({ id: p.row.ticketId })}>
            {p.row.ticketNo}
          </Link>
        ) : null,
    },
    { field: 'createdAt', headerName: 'Created', sortable: false, ...dateTimeColumn(timeZone) },
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 190,
      sortable: false,
      renderCell: (p) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Button size="small" component={RouterLink} to={review(p.row.id)} aria-label={`${FORM_TEXTS.review} submission of ${formatDateTime(p.row.createdAt, timeZone)}`}>
            {FORM_TEXTS.review}
          </Button>
          {p.row.canDelete && (
            <Button size="small" color="error" onClick={() => setToDelete(p.row)} aria-label={`${FORM_TEXTS.delete} submission of ${formatDateTime(p.row.createdAt, timeZone)}`}>
              {FORM_TEXTS.delete}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        title={list.data?.formName ?? 'Submissions'}
        subtitle="Submissions"
        order={sortLabel('Created', state.direction, 'date')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={hrefs.formSubmit({ kappSlug: kapp, formSlug })}>
            {FORM_TEXTS.submitNew}
          </Button>
        }
        filters={
          <>
            <ToolbarSelectFilter label="State" allLabel="All states" values={SUBMISSION_STATES} value={state.coreState} onChange={(coreState) => update({ coreState })} minWidth={160} />
            <ToolbarSearchField label="Search submissions" value={searchText} onChange={setSearchText} />
          </>
        }
      >
        <ListGrid
          label="Submissions"
          list={list}
          isFiltered={!!state.search || !!state.coreState}
          emptyText={FORM_TEXTS.noSubmissions}
          url={url}
          meta={SUBMISSION_LIST}
          columns={columns}
          getRowId={(r) => r.id}
          onRowDoubleClick={(p) => void navigate(review((p.row as SubmissionRow).id))}
        />
      </ListScreen>
      <ConfirmDialog
        open={toDelete !== null}
        title={FORM_TEXTS.deleteTitle}
        text={FORM_TEXTS.deleteText}
        confirmLabel={FORM_TEXTS.delete}
        busy={remove.isPending}
        onConfirm={() => void doDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

/** /kapps/:kappSlug/forms/:formSlug/submissions/:id: review; a draft of the caller's resumes editing here. */
export function SubmissionPage({ kapp, formSlug, id, timeZone }: { kapp: string; formSlug: string; id: string; timeZone: string }) {
  const sub = useSubmission(kapp, formSlug, id);
  const remove = useDeleteSubmission(kapp, formSlug);
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  if (sub.isPending) return <Loading text={FORM_TEXTS.loadingForm} />;
  if (sub.error) return <Alert severity="error">{errorText(sub.error)}</Alert>;
  const s = sub.data;

  const doDelete = async () => {
    try {
      await remove.mutateAsync(s.id);
      showSnackbar(FORM_TEXTS.deleted, { severity: 'success' });
      void navigate(hrefs.formSubmissions({ kappSlug: kapp, formSlug }));
    } catch (e) {
      showSnackbar(errorText(e), { severity: 'error' });
      setConfirming(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={s.formName}
        subtitle={`${s.coreState} · created ${formatDateTime(s.createdAt, timeZone)}${s.submittedByName ? ` by ${s.submittedByName}` : ''}${s.version ? ` · version ${s.version}` : ''}`}
        toolbar={
          <>
            <Button startIcon={<ListAltIcon />} component={RouterLink} to={hrefs.formSubmissions({ kappSlug: kapp, formSlug })}>
              Submissions
            </Button>
            {s.canDelete && (
              <Button color="error" onClick={() => setConfirming(true)}>
                {FORM_TEXTS.delete}
              </Button>
            )}
          </>
        }
      />
      {s.ticketId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This submission created service request{' '}
          <Link component={RouterLink} underline="always" to={hrefs.serviceRequestView({ id: s.ticketId })}>
            {s.ticketNo}
          </Link>
          .
        </Alert>
      )}
      {!s.definition ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {Object.entries(s.values).map(([k, v]) => (
            <Typography key={k}>
              {k}: {typeof v === 'string' ? v : JSON.stringify(v)}
            </Typography>
          ))}
        </Paper>
      ) : s.canEdit ? (
        <FillForm kapp={kapp} formSlug={formSlug} definition={s.definition} submission={s} />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Suspense fallback={<Loading text={FORM_TEXTS.loadingForm} />}>
            <SurveyForm definition={{ ...s.definition, questionsOnPageMode: 'singlePage' }} values={s.values} readOnly />
          </Suspense>
        </Paper>
      )}
      <ConfirmDialog
        open={confirming}
        title={FORM_TEXTS.deleteTitle}
        text={FORM_TEXTS.deleteText}
        confirmLabel={FORM_TEXTS.delete}
        busy={remove.isPending}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
