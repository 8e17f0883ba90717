import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { SURVEY_COMMENT_MAX, SURVEY_MESSAGES, type SurveyAnswer, type SurveyInvitation } from '@sc/common';
import { ticketHref } from '../../config/hrefs.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { useAnswerInvitation, useSurveyInvitations } from './api.ts';

function InvitationCard({ invitation }: { invitation: SurveyInvitation }) {
  const [answer, setAnswer] = useState<SurveyAnswer | null>(null);
  const [comment, setComment] = useState('');
  const send = useAnswerInvitation();
  const showSnackbar = useSnackbar();
  const headingId = `survey-${invitation.id}-heading`;
  const submit = () => {
    if (!answer) return;
    send.mutate(
      { id: invitation.id, body: { answer, comment: comment.trim() || undefined } },
      {
        onSuccess: () => showSnackbar(SURVEY_MESSAGES.thanks, { severity: 'success' }),
        // What was chosen and typed stays for a retry.
        onError: (e) => showSnackbar(e.message, { severity: 'error' }),
      },
    );
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid="survey-invitation">
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          How did we do?{' '}
          <Link component={RouterLink} to={ticketHref(invitation.ticketType, 'view', invitation.ticketId)} underline="always">
            {invitation.ticketNo}
          </Link>
          : {invitation.shortDescription}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {SURVEY_MESSAGES.question}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <ToggleButtonGroup exclusive value={answer} onChange={(_e, v: SurveyAnswer | null) => v && setAnswer(v)} aria-label="Your answer">
            <ToggleButton value="up" aria-label={SURVEY_MESSAGES.answerUp} color="success">
              <ThumbUpIcon />
            </ToggleButton>
            <ToggleButton value="down" aria-label={SURVEY_MESSAGES.answerDown} color="error">
              <ThumbDownIcon />
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label="Comment (optional)"
            size="small"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: SURVEY_COMMENT_MAX } }}
            sx={{ flex: 1, minWidth: 0 }}
            multiline
            maxRows={4}
          />
          <BusyButton variant="contained" busy={send.isPending} disabled={!answer} onClick={submit}>
            Send
          </BusyButton>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The home page's survey invitations of the signed-in contact (docs/requirements.md §20.1); nothing when there are none. */
export function SurveyInvitationCards() {
  const q = useSurveyInvitations();
  const invitations = q.data?.invitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {invitations.map((inv) => (
        <InvitationCard key={inv.id} invitation={inv} />
      ))}
    </Box>
  );
}
