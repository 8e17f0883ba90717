import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPhone, type ContactRow } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

/** The preview pane of the contacts list (view-contact-preview) with Edit, Tickets and Requests. */
export function ContactPreview({ contact }: { contact: ContactRow | null }) {
  return (
    <Paper variant="outlined" component="aside" aria-label="Contact preview" sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0, p: 2, alignSelf: 'flex-start' }}>
      {!contact ? (
        <Typography color="text.secondary">Select a contact to preview it.</Typography>
      ) : (
        <>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
            {contact.displayName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[contact.title, contact.organizationName].filter(Boolean).join(' · ')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
            {contact.isVip && <Chip size="small" color="warning" label="VIP" />}
            {contact.isPending && <Chip size="small" color="info" label="Pending" />}
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, wordBreak: 'break-word' } }}>
            <dt>Email</dt>
            <dd>{contact.email ?? '—'}</dd>
            <dt>Phone</dt>
            <dd>{formatPhone(contact.directPhone) || '—'}</dd>
            <dt>Mobile</dt>
            <dd>{formatPhone(contact.mobilePhone) || '—'}</dd>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button size="small" variant="contained" component={RouterLink} to={hrefs.contactEdit({ id: contact.id })}>
              Edit
            </Button>
            <Button size="small" component={RouterLink} to={hrefs.contactSub({ sub: 'incidents', id: contact.id })}>
              Tickets
            </Button>
            <Button size="small" component={RouterLink} to={hrefs.contactSub({ sub: 'requests', id: contact.id })}>
              Requests
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}
