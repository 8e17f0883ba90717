import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { REPORT_TEXTS } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useReportEmbedToken } from './api.ts';

// requirements §13.6 (spec §2.10, §8): a report configured as an external BI embed. 'Loading Report...'
// while the server fetches the token; the spec's two token errors on failure; then the provider's page,
// handed the token in the URL fragment (never sent to a server by the browser).

/** The spec's text for a failed token: the server's own (the provider failed) or the call's failure. */
function embedErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 502) return error.message;
  return REPORT_TEXTS.tokenFailed(error instanceof Error ? error.message : String(error));
}

export function EmbeddedReport({ reportId, title }: { reportId: string; title: string }) {
  const token = useReportEmbedToken(reportId, true);
  return (
    <Box>
      <PageHeader title={title} />
      {token.isPending && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{REPORT_TEXTS.loading}</Typography>
        </Box>
      )}
      {token.error && <Alert severity="error">{embedErrorText(token.error)}</Alert>}
      {token.data && (
        <Box
          component="iframe"
          title={title}
          src={`${token.data.embedUrl}#embedToken=${encodeURIComponent(token.data.token)}`}
          sx={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 480, border: 0, borderRadius: 1, bgcolor: 'background.paper' }}
        />
      )}
    </Box>
  );
}
