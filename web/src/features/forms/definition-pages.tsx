import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { type GridColDef } from '@mui/x-data-grid';
import { FORM_DEFINITION_STATUSES, FORM_TEXTS, listMetaOf, ZFormDefinitionListRequestSchema, type FormDefinitionDetail, type FormDefinitionRow, type FormDefinitionStatus } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { hrefs } from '../../config/hrefs.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';
import { ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCustomerOptions, useFormDefinition, useFormDefinitions, useWriteDefinition } from './api.ts';

// requirements §14.1 'Managing forms' (space admin): the list of definitions and the JSON editor
// with a live preview (SurveyJS Creator is not free; the definition is edited as JSON).
const SurveyForm = lazy(() => import('./survey-form.tsx').then((m) => ({ default: m.SurveyForm })));

/** The slug the editor route takes for a form not created yet. */
const NEW_FORM_SLUG = 'new';
const FORM_DEFINITION_LIST = listMetaOf(ZFormDefinitionListRequestSchema);
const STATUS_COLOR: Record<FormDefinitionStatus, 'default' | 'success' | 'warning'> = { Draft: 'warning', Published: 'success', Retired: 'default' };
const STARTER = {
  title: 'New form',
  completedHtml: '<h3>Thank you</h3><p>Your request has been received.</p>',
  pages: [{ name: 'page1', title: 'Page 1', elements: [{ type: 'text', name: 'question1', title: 'Question 1', isRequired: true }] }],
};

const errorText = (e: unknown) => (isApiError(e) ? e.message : 'An Error Occurred');

/** Keys first in this order when a stored definition is shown (jsonb keeps keys sorted by length, not as written). */
const KEY_ORDER = ['title', 'description', 'name', 'type', 'inputType', 'value', 'text', 'choices', 'visibleIf', 'enableIf', 'requiredIf', 'isRequired', 'validators', 'completedHtml', 'pages', 'elements'];
const rank = (k: string) => (KEY_ORDER.includes(k) ? KEY_ORDER.indexOf(k) : KEY_ORDER.indexOf('completedHtml') - 0.5);

/** The definition as readable JSON: title and name first, pages and elements last, at every level. */
function ordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(ordered);
  if (!v || typeof v !== 'object') return v;
  const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(entries.map(([k, x]) => [k, ordered(x)]));
}

export function FormDefinitionsPage({ kapp, timeZone }: { kapp: string; timeZone: string }) {
  const url = useListUrlState(ZFormDefinitionListRequestSchema);
  const { state, update } = url;
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), 500);
  const list = useFormDefinitions(kapp, state);
  const navigate = useNavigate();
  const edit = (slug: string) => hrefs.formDefinitionEdit({ kappSlug: kapp, formSlug: slug });
  const columns: GridColDef<FormDefinitionRow>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.2,
      minWidth: 200,
      sortable: false,
      renderCell: (p) => (
        <Link component={RouterLink} to={edit(p.row.slug)}>
          {p.row.name}
        </Link>
      ),
    },
    { field: 'status', headerName: 'Status', minWidth: 120, sortable: false, renderCell: (p) => <Chip size="small" color={STATUS_COLOR[p.row.status]} label={p.row.status} /> },
    { field: 'customerName', headerName: 'Available to', flex: 0.8, minWidth: 160, sortable: false, valueFormatter: (v: string | null) => v ?? 'All customers' },
    { field: 'version', headerName: 'Version', minWidth: 90, sortable: false, align: 'right', headerAlign: 'right', valueFormatter: (v: number | null) => v ?? '—' },
    { field: 'submissions', headerName: 'Submissions', minWidth: 110, sortable: false, align: 'right', headerAlign: 'right' },
    { field: 'updatedAt', headerName: 'Updated', sortable: false, ...dateTimeColumn(timeZone) },
  ];
  return (
    <ListScreen
      title="Manage Forms"
      subtitle="Form definitions of the request catalogue"
      order={sortLabel('Name', state.direction)}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={edit(NEW_FORM_SLUG)}>
          New Form
        </Button>
      }
      filters={
        <>
          <TextField select size="small" label="Status" value={state.status ?? ''} onChange={(e) => update({ status: (e.target.value as FormDefinitionStatus | '') || undefined })} sx={{ minWidth: 160 }}>
            <MenuItem value="">All statuses</MenuItem>
            {FORM_DEFINITION_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <ToolbarSearchField label="Search forms" value={searchText} onChange={setSearchText} />
        </>
      }
    >
      <ListGrid
        label="Form definitions"
        list={list}
        isFiltered={!!state.search || !!state.status}
        emptyText={FORM_TEXTS.noForms}
        url={url}
        meta={FORM_DEFINITION_LIST}
        columns={columns}
        getRowId={(r) => r.slug}
        onRowDoubleClick={(p) => void navigate(edit((p.row as FormDefinitionRow).slug))}
      />
    </ListScreen>
  );
}

function parseJson(text: string): { value?: Record<string, unknown>; error?: string } {
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: 'The definition must be a JSON object' };
    return { value: v as Record<string, unknown> };
  } catch (e) {
    return { error: e instanceof Error ? e.message : 'Invalid JSON' };
  }
}

/** /kapps/:kappSlug/manage-forms/:formSlug ('new' creates): settings, the JSON definition and its live preview; Save, Publish, Retire. */
export function FormDefinitionEditPage({ kapp, formSlug }: { kapp: string; formSlug: string }) {
  const isNew = formSlug === NEW_FORM_SLUG;
  const detail = useFormDefinition(kapp, isNew ? null : formSlug);
  if (!isNew && detail.isPending) return <Typography role="status">{FORM_TEXTS.loadingForm}</Typography>;
  if (!isNew && detail.error) return <Alert severity="error">{errorText(detail.error)}</Alert>;
  return <DefinitionEditor key={detail.data?.updatedAt ?? 'new'} kapp={kapp} formSlug={formSlug} isNew={isNew} d={detail.data} />;
}

function DefinitionEditor({ kapp, formSlug, isNew, d }: { kapp: string; formSlug: string; isNew: boolean; d: FormDefinitionDetail | undefined }) {
  const customers = useCustomerOptions(kapp);
  const write = useWriteDefinition(kapp);
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState(d?.name ?? '');
  const [description, setDescription] = useState(d?.description ?? '');
  const [customerId, setCustomerId] = useState<number | null>(d?.customerId ?? null);
  const [createsServiceRequest, setCreatesServiceRequest] = useState(d?.createsServiceRequest ?? true);
  const [json, setJson] = useState(() => JSON.stringify(ordered(d?.definition ?? STARTER), null, 2));
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = useMemo(() => parseJson(json), [json]);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setServerError(null);
    try {
      await fn();
      showSnackbar(done, { severity: 'success' });
      return true;
    } catch (e) {
      setServerError(errorText(e));
      showSnackbar(errorText(e), { severity: 'error' });
      return false;
    }
  };
  const body = () => ({ name, description: description || null, customerId, createsServiceRequest, definition: parsed.value ?? {} });
  const saveAll = async () => {
    if (isNew) {
      const ok = await run(() => write.mutateAsync({ kind: 'create', body: { slug, ...body() } }), FORM_TEXTS.saved);
      if (ok) void navigate(hrefs.formDefinitionEdit({ kappSlug: kapp, formSlug: slug }), { replace: true });
      return ok;
    }
    return run(() => write.mutateAsync({ kind: 'update', slug: formSlug, body: body() }), FORM_TEXTS.saved);
  };
  const publish = async () => {
    if (!isNew && (await saveAll())) await run(() => write.mutateAsync({ kind: 'publish', slug: formSlug }), FORM_TEXTS.published);
  };

  return (
    <Box>
      <PageHeader
        title={isNew ? 'New Form' : `Edit Form: ${d?.name ?? ''}`}
        subtitle={d ? `${d.status}${d.version ? ` · version ${d.version} published` : ''}${d.hasUnpublishedChanges && d.version ? ' · unpublished changes' : ''}` : 'Draft'}
        toolbar={
          <>
            <Button component={RouterLink} to={hrefs.formDefinitions({ kappSlug: kapp })}>
              Back to forms
            </Button>
            <Button variant="outlined" onClick={() => void saveAll()} disabled={write.isPending || !parsed.value}>
              Save
            </Button>
            {!isNew && (
              <Button variant="contained" onClick={() => void publish()} disabled={write.isPending || !parsed.value}>
                Publish
              </Button>
            )}
            {!isNew && d?.status === 'Published' && (
              <Button onClick={() => void run(() => write.mutateAsync({ kind: 'retire', slug: formSlug }), FORM_TEXTS.retired)} disabled={write.isPending}>
                Retire
              </Button>
            )}
            {!isNew && d?.status === 'Published' && (
              <Button component={RouterLink} to={hrefs.formSubmit({ kappSlug: kapp, formSlug })}>
                Open form
              </Button>
            )}
          </>
        }
      />
      {serverError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {isNew && <TextField label="Slug" required value={slug} onChange={(e) => setSlug(e.target.value)} helperText="Lower-case letters, digits and hyphens; the form's address" />}
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
          <TextField select label="Available to" value={customerId ?? ''} onChange={(e) => setCustomerId(e.target.value === '' ? null : Number(e.target.value))}>
            <MenuItem value="">All customers</MenuItem>
            {(customers.data?.rows ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Checkbox checked={createsServiceRequest} onChange={(e) => setCreatesServiceRequest(e.target.checked)} />} label="Submitting creates a service request" />
        </Box>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            Definition (SurveyJS JSON)
          </Typography>
          <TextField
            label="Definition"
            multiline
            minRows={20}
            maxRows={40}
            value={json}
            onChange={(e) => setJson(e.target.value)}
            error={!!parsed.error}
            helperText={parsed.error ?? 'Pages, questions (text, comment, dropdown, checkbox, radiogroup, boolean, file…), visibleIf / requiredIf, completedHtml'}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } } }}
          />
        </Stack>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            Live preview
          </Typography>
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            {parsed.value ? (
              <Suspense fallback={<Typography role="status">{FORM_TEXTS.loadingForm}</Typography>}>
                <SurveyForm definition={parsed.value} preview />
              </Suspense>
            ) : (
              <Alert severity="warning">{parsed.error}</Alert>
            )}
          </Paper>
        </Stack>
      </Box>
    </Box>
  );
}
