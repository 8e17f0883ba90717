import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { API_KEY_MESSAGES, MESSAGES, type ApiKey, type ApiKeyCreatedResponse } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useApiKeys, useRevokeApiKey } from './api.ts';
import { CreateApiKeyDialog, ShowKeyDialog } from './api-key-dialogs.tsx';

/**
 * API Keys (requirements §16.1): the customer's keys for integrations calling the compatibility layer (bridged
 * resources, web APIs, Data API). The key is shown once when created; revoking stops it at once.
 */
export function ApiKeysPage({ timeZone }: { timeZone: string }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const showSnackbar = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreatedResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const doRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      showSnackbar(API_KEY_MESSAGES.revoked, { severity: 'success' });
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
    setRevoking(null);
  };

  const rows = keys.data?.keys ?? [];
  return (
    <Box>
      <PageHeader
        title="API Keys"
        subtitle="Keys for integrations that call the portal's compatibility API (CmsApiKey header). Each key acts as the Administrator who created it, within your organization."
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New API Key
          </Button>
        }
      />
      {keys.isError && (
        <Alert severity="error" action={<Button onClick={() => void keys.refetch()}>Retry</Button>}>
          {MESSAGES.tableLoadError} ({isApiError(keys.error) ? keys.error.message : 'Error'})
        </Alert>
      )}
      {keys.isPending && <Skeleton variant="rounded" height={120} />}
      {keys.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          There are no items to display.
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Key</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Created by</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Created</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Last used</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((k) => (
                <TableRow key={k.id} data-testid={`api-key-${k.id}`}>
                  <TableCell>{k.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', display: { xs: 'none', sm: 'table-cell' } }}>{k.prefix}…</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{k.createdBy}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDateTime(k.createdAt, timeZone)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{k.lastUsedAt ? formatDateTime(k.lastUsedAt, timeZone) : 'Never'}</TableCell>
                  <TableCell>{k.revokedAt ? <Chip size="small" label="Revoked" /> : <Chip size="small" color="success" label="Active" />}</TableCell>
                  <TableCell align="right">
                    {!k.revokedAt && (
                      <Button size="small" color="error" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => {
          setCreating(false);
          setCreated(r);
          showSnackbar(API_KEY_MESSAGES.created, { severity: 'success' });
        }}
      />
      <ShowKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={API_KEY_MESSAGES.confirmRevokeTitle}
        text={revoking ? API_KEY_MESSAGES.confirmRevokeText(revoking.name) : ''}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => void doRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Box>
  );
}
