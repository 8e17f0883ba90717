import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from './logo.tsx';
import { useDocumentTitle } from './use-document-title.ts';

/** The card of a logged-out page (login, registration, password, preferences): logo, title, content. */
export function PublicCard({ title, children, maxWidth = 480 }: { title: string; children: ReactNode; maxWidth?: number }) {
  useDocumentTitle(`${title} - Support Center`);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Logo />
        </Box>
        <Typography variant="h1" component="h1" sx={{ textAlign: 'center', mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
