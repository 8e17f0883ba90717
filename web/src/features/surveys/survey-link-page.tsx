import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SURVEY_ANSWERS, SURVEY_COMMENT_MAX, SURVEY_MESSAGES, type PublicSurveyAnswerResponse, type SurveyAnswer } from '@sc/common';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PublicCard } from '../../ui/public-card.tsx';
import { ResponseIcon } from './response-icon.tsx';
import { answerFromLink, commentFromLink } from './api.ts';

function CommentForm({ token }: { token: string }) {
  const [comment, setComment] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({ busy: false, error: null, done: null });
  if (state.done) return <Alert severity="success">{state.done}</Alert>;
  const send = async () => {
    setState({ busy: true, error: null, done: null });
    try {
      const res = await commentFromLink(token, comment.trim());
      setState({ busy: false, error: null, done: res.message });
    } catch (e) {
      // What was typed stays for a retry.
      setState({ busy: false, error: e instanceof Error ? e.message : 'An Error Occurred', done: null });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Add a comment (optional)"
        multiline
        minRows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: SURVEY_COMMENT_MAX } }}
        error={!!state.error}
        helperText={state.error ?? undefined}
      />
      <BusyButton variant="contained" busy={state.busy} disabled={comment.trim().length === 0} onClick={() => void send()}>
        Send comment
      </BusyButton>
    </Box>
  );
}

function Answered({ token, r }: { token: string; r: PublicSurveyAnswerResponse }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        {r.ticketNo}: {r.shortDescription}
      </Typography>
      <Alert severity={r.status === 'recorded' ? 'success' : 'info'} icon={<ResponseIcon response={r.answer === 'up' ? 1 : -1} />}>
        {r.status === 'recorded' ? `${SURVEY_MESSAGES.thanks} Your answer: ${r.answer === 'up' ? SURVEY_MESSAGES.answerUp : SURVEY_MESSAGES.answerDown}.` : SURVEY_MESSAGES.alreadyAnswered}
      </Alert>
      {r.canComment && <CommentForm token={token} />}
    </Box>
  );
}

/**
 * /survey?token=…&answer=up|down (docs/requirements.md §20.3): the e-mail's one-click link. The page records
 * the answer with a POST once it runs (fetching the link alone changes nothing, so mail scanners and
 * prefetchers do not answer), then offers the optional comment; a second use says it was already answered.
 */
export function SurveyLinkPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const answer = search.get('answer') as SurveyAnswer | null;
  const isWellFormed = token.length >= 16 && answer !== null && (SURVEY_ANSWERS as readonly string[]).includes(answer);
  const result = useQuery({
    queryKey: ['public', 'survey-answer', token, answer],
    queryFn: () => answerFromLink(token, answer!),
    enabled: isWellFormed,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  let body;
  if (!isWellFormed || result.isError) body = <Alert severity="error">{result.error?.message ?? SURVEY_MESSAGES.linkInvalid}</Alert>;
  else if (!result.data)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label="Recording your answer" />
      </Box>
    );
  else body = <Answered token={token} r={result.data} />;
  return <PublicCard title="Satisfaction Survey">{body}</PublicCard>;
}
