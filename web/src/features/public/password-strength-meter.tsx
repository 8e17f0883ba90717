import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PasswordStrength } from '@sc/common/password-strength';

type Check = (password: string, userInputs?: string[]) => PasswordStrength;
// The dictionaries weigh about a megabyte: fetched once, only by pages that set a password.
let checker: Promise<Check> | undefined;
const loadChecker = () => (checker ??= import('@sc/common/password-strength').then((m) => m.passwordStrength));

const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** The strength meter of a new password (issue 13 item 7), scored by the rule the server applies. */
export function PasswordStrengthMeter({ password, userInputs, id }: { password: string; userInputs: string[]; id: string }) {
  const [scored, setScored] = useState<{ key: string; strength: PasswordStrength } | null>(null);
  const key = `${password}\n${userInputs.join('\n')}`;
  useEffect(() => {
    const [pw = '', ...inputs] = key.split('\n');
    if (!pw) return;
    let live = true;
    void loadChecker().then((check) => {
      if (live) setScored({ key, strength: check(pw, inputs) });
    });
    return () => {
      live = false;
    };
  }, [key]);
  // Only the score of what is typed now: a stale one is never shown.
  const strength = password && scored?.key === key ? scored.strength : null;

  const score = strength?.score ?? 0;
  return (
    <Box id={id} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={password ? (score + 1) * 20 : 0}
        color={password ? COLORS[score] : 'inherit'}
        aria-label="Password strength"
        aria-valuetext={strength ? strength.label : 'No password yet'}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        {strength ? `Strength: ${strength.label}${strength.acceptable ? '' : ' (not accepted)'}` : 'Strength: enter a password'}
        {strength?.warning ? ` — ${strength.warning}` : ''}
      </Typography>
    </Box>
  );
}
