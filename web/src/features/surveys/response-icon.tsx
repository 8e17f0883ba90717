import Box from '@mui/material/Box';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { isPositiveResponse, SURVEY_MESSAGES } from '@sc/common';

/** The Response cell: thumbs up above 0, else thumbs down (spec §2.10), named for screen readers. */
export function ResponseIcon({ response }: { response: number }) {
  const up = isPositiveResponse(response);
  const label = up ? SURVEY_MESSAGES.answerUp : SURVEY_MESSAGES.answerDown;
  const Icon = up ? ThumbUpIcon : ThumbDownIcon;
  return (
    <Box component="span" role="img" aria-label={label} title={label} sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      <Icon color={up ? 'success' : 'error'} fontSize="small" aria-hidden />
    </Box>
  );
}
