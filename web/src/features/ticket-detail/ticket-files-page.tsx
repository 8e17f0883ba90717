import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { TICKET_LIMITS, type SignedInUser } from '@sc/common';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { attachmentUrl, ticketKeys, uploadAttachment, useTicket, useTicketAttachments } from './api.ts';
import { TicketLoadError, TicketSkeleton } from './ticket-page.tsx';
import { kindOfType, ticketPath } from './ticket-paths.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${sizeFormat.format(n / 1024)} KB`;
  return `${sizeFormat.format(n / (1024 * 1024))} MB`;
}
export const FILE_TOO_LARGE = `The file is larger than ${formatBytes(TICKET_LIMITS.attachmentBytes)}`;
export const FILE_UPLOADED = 'File uploaded';

/** /incident/files/{id}: the ticket's attachments; upload (edit rights, 10 MB) and download. */
export function TicketFilesPage({ user }: { user: SignedInUser }) {
  const { id = '' } = useParams();
  const ticketId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const ticket = useTicket(ticketId, ticketId > 0);
  const files = useTicketAttachments(ticketId);
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const showSnackbar = useSnackbar();
  const qc = useQueryClient();
  if (ticketId < 1) return <TicketLoadError message="Not Found" />;
  if (ticket.isPending) return <TicketSkeleton />;
  if (ticket.isError) return <TicketLoadError message={ticket.error.message} />;
  const t = ticket.data;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > TICKET_LIMITS.attachmentBytes) {
      showSnackbar(FILE_TOO_LARGE, { severity: 'error' });
      return;
    }
    setIsUploading(true);
    try {
      await uploadAttachment(ticketId, file);
      showSnackbar(FILE_UPLOADED, { severity: 'success' });
      await qc.invalidateQueries({ queryKey: ticketKeys.attachments(ticketId) });
    } catch (e) {
      showSnackbar(e instanceof Error ? e.message : String(e), { severity: 'error' });
    } finally {
      setIsUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title={`${t.ticketNo} Files`}
        subtitle={t.shortDescription}
        toolbar={
          <>
            {t.canEdit && (
              <BusyButton variant="contained" startIcon={<UploadFileOutlinedIcon />} busy={isUploading} onClick={() => input.current?.click()}>
                Upload File
              </BusyButton>
            )}
            <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={ticketPath(kindOfType(t.ticketType), 'view', t.id)}>
              Back to {t.ticketNo}
            </Button>
            <input ref={input} type="file" hidden aria-label="File to upload" onChange={(e) => void upload(e.target.files?.[0])} />
          </>
        }
      />
      {t.canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          PDF, images, text, Word and Excel files up to {formatBytes(TICKET_LIMITS.attachmentBytes)}.
        </Typography>
      )}
      {files.isError && <TicketLoadError message={files.error.message} />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Files">
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Uploaded By</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.data?.rows.map((f) => (
              <TableRow key={f.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link href={attachmentUrl(ticketId, f.id)} download={f.fileName}>
                    {f.fileName}
                  </Link>
                </TableCell>
                <TableCell align="right">{formatBytes(f.sizeBytes)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{f.uploadedByName ?? '—'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDateTime(f.createdAt, user.timeZone)}</TableCell>
              </TableRow>
            ))}
            {files.data?.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary">No files attached</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
