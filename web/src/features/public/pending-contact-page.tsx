import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PENDING_CONTACT_RETURN_MS, PENDING_CONTACT_SUBMIT_MS, PUBLIC_MESSAGES } from '@sc/common';
import { PublicCard } from '../../ui/public-card.tsx';
import { decidePendingContact } from './api.ts';

/** The link's parameters (approved=true|false, approvercontactid, ac), or null when any is missing or malformed. */
function pendingContactParams(search: URLSearchParams) {
  const approved = search.get('approved');
  const approverContactId = Number(search.get('approvercontactid'));
  const token = search.get('ac');
  if ((approved !== 'true' && approved !== 'false') || !Number.isInteger(approverContactId) || approverContactId <= 0 || !token) return null;
  return { approved: approved === 'true', approverContactId, token };
}

type Phase = { kind: 'processing' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * /pendingcontact (requirements §12.3): 'Processing...', the approval is submitted after 2 s, the answer
 * shows, and the page returns to / 2 s later. Without parameters: 'Invalid Parameters...'.
 */
export function PendingContactPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = pendingContactParams(search);
  const [phase, setPhase] = useState<Phase>({ kind: 'processing' });
  const key = params ? `${params.approved}|${params.approverContactId}|${params.token}` : null;
  const submitted = useRef<string | null>(null);

  useEffect(() => {
    if (!params || !key) return;
    const timer = window.setTimeout(() => {
      // The link works once: never submit the same one twice (React's development double effects).
      if (submitted.current === key) return;
      submitted.current = key;
      decidePendingContact(params).then(
        (res) => setPhase({ kind: 'done', message: res.result === 'Approved' ? PUBLIC_MESSAGES.contactApproved : PUBLIC_MESSAGES.contactDisapproved }),
        (e: unknown) => setPhase({ kind: 'failed', message: e instanceof Error ? e.message : PUBLIC_MESSAGES.approvalInvalid }),
      );
    }, PENDING_CONTACT_SUBMIT_MS);
    return () => window.clearTimeout(timer);
    // params is derived from key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), PENDING_CONTACT_RETURN_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  let body;
  if (!params) body = <Typography sx={{ textAlign: 'center' }}>{PUBLIC_MESSAGES.invalidParameters}</Typography>;
  else if (phase.kind === 'processing')
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{PUBLIC_MESSAGES.processing}</Typography>
      </Box>
    );
  else if (phase.kind === 'done')
    body = (
      <Alert severity="success" role="status">
        {phase.message}
      </Alert>
    );
  else body = <Alert severity="error">{phase.message}</Alert>;
  return <PublicCard title="Pending Contact">{body}</PublicCard>;
}
