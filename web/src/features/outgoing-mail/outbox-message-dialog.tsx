import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatDateTime } from '../../ui/dates.ts';
import { useOutboxMessage } from './api.ts';
import { OutboxStateChip } from './outbox-state-chip.tsx';

/** The links of a plain-text body, in order, without duplicates. */
export const linksOf = (text: string): string[] => [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];

/**
 * One outgoing message: recipient, subject, state; in preview mode also the rendered HTML (in a
 * sandboxed frame: no scripts, no same-origin access), the text part and its links.
 */
export function OutboxMessageDialog({ id, timeZone, onClose }: { id: number | null; timeZone: string; onClose: () => void }) {
  const q = useOutboxMessage(id);
  const m = q.data;
  const [tab, setTab] = useState<'html' | 'text'>('html');
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const hasBody = !!m && (m.htmlBody !== null || m.textBody !== null);

  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{m ? m.subject : 'Message'}</DialogTitle>
      <DialogContent dividers>
        {q.error && <Alert severity="error">{q.error.message}</Alert>}
        {!m && !q.error && <Skeleton variant="rectangular" height={160} />}
        {m && (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
              <dt>To</dt>
              <dd>{m.toAddress}</dd>
              <dt>State</dt>
              <dd>
                <OutboxStateChip state={m.status} />
              </dd>
              <dt>Queued</dt>
              <dd>{formatDateTime(m.createdAt, timeZone)}</dd>
              {m.sentAt && (
                <>
                  <dt>{m.status === 'preview' ? 'Kept' : 'Sent'}</dt>
                  <dd>{formatDateTime(m.sentAt, timeZone)}</dd>
                </>
              )}
              {m.lastError && (
                <>
                  <dt>Last error</dt>
                  <dd>{m.lastError}</dd>
                </>
              )}
              {m.messageId && (
                <>
                  <dt>Message-ID</dt>
                  <dd>{m.messageId}</dd>
                </>
              )}
            </Box>
            {!hasBody && <Alert severity="info">The message itself is shown only in preview mode (no SMTP_URL): a sent message may carry a link meant for its recipient only.</Alert>}
            {hasBody && (
              <>
                {m.textBody && linksOf(m.textBody).length > 0 && (
                  <Box sx={{ mb: 2 }}>
                    <Typography variant="subtitle2" component="h3">
                      Links in this message
                    </Typography>
                    <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
                      {linksOf(m.textBody).map((href) => (
                        <li key={href}>
                          <Link href={href} sx={{ overflowWrap: 'anywhere' }}>
                            {href}
                          </Link>
                        </li>
                      ))}
                    </Box>
                  </Box>
                )}
                <Tabs value={tab} onChange={(_e, v: 'html' | 'text') => setTab(v)} aria-label="Message format">
                  <Tab value="html" label="HTML" disabled={m.htmlBody === null} />
                  <Tab value="text" label="Text" />
                </Tabs>
                {tab === 'html' && m.htmlBody !== null ? (
                  <Box
                    component="iframe"
                    title={`Message: ${m.subject}`}
                    sandbox=""
                    srcDoc={m.htmlBody}
                    sx={{ mt: 1, width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
                  />
                ) : (
                  <Box component="pre" sx={{ mt: 1, p: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 13, bgcolor: 'action.hover', borderRadius: 1 }}>
                    {m.textBody}
                  </Box>
                )}
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
