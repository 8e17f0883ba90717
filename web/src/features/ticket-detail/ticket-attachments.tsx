import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { ATTACHMENT_MESSAGES, ATTACHMENT_REMOVE_GRACE_MINUTES, TICKET_LIMITS, type TicketAttachment } from '@sc/common';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { invalidateTicketWrite } from '../../api/query-keys.ts';
import { attachmentUrl, removeAttachment, uploadAttachment, useTicketAttachments } from './api.ts';
import { TicketLoadError } from './ticket-load-error.tsx';

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${sizeFormat.format(n / 1024)} KB`;
  return `${sizeFormat.format(n / (1024 * 1024))} MB`;
}
const FILE_TOO_LARGE = `The file is larger than ${formatBytes(TICKET_LIMITS.attachmentBytes)}`;
const FILE_UPLOADED = 'File uploaded';
const FILE_TYPES_HINT = `PDF, images, text, Word and Excel files up to ${formatBytes(TICKET_LIMITS.attachmentBytes)}`;

/**
 * Uploads files one after another; answers the names that failed with why. Used by the ticket
 * page and by the new-ticket form (after the ticket exists).
 */
export async function uploadFiles(ticketId: number, files: readonly File[]): Promise<{ uploaded: number; failed: string[] }> {
  let uploaded = 0;
  const failed: string[] = [];
  for (const file of files) {
    if (file.size > TICKET_LIMITS.attachmentBytes) {
      failed.push(`${file.name}: ${FILE_TOO_LARGE}`);
      continue;
    }
    try {
      await uploadAttachment(ticketId, file);
      uploaded += 1;
    } catch (e) {
      failed.push(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { uploaded, failed };
}

/** A drop area with a 'Choose files' button: drag and drop, or the keyboard and the file dialog. */
export function FileDropZone({ onFiles, busy, label = 'Attach files' }: { onFiles: (files: File[]) => void; busy: boolean; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  return (
    <Box
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setIsOver(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onFiles(files);
      }}
      data-testid="file-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <BusyButton variant="outlined" startIcon={<UploadFileOutlinedIcon />} busy={busy} onClick={() => input.current?.click()}>
        {label}
      </BusyButton>
      <Typography variant="body2" color="text.secondary">
        or drop them here. {FILE_TYPES_HINT}.
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="File to upload"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}

const isRemovable = (f: TicketAttachment): boolean => f.removableUntil !== null && Date.parse(f.removableUntil) > Date.now();

/** The ticket's files: download, add (drag and drop or choose) with edit rights, remove one's own within the grace period. */
export function TicketAttachments({ ticketId, canAdd, timeZone }: { ticketId: number; canAdd: boolean; timeZone: string }) {
  const files = useTicketAttachments(ticketId);
  const qc = useQueryClient();
  const showSnackbar = useSnackbar();
  const [isUploading, setIsUploading] = useState(false);
  const [removing, setRemoving] = useState<TicketAttachment | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const refresh = () => invalidateTicketWrite(qc, ticketId);

  const add = async (list: File[]) => {
    setIsUploading(true);
    try {
      const { uploaded, failed } = await uploadFiles(ticketId, list);
      if (failed.length) showSnackbar(failed.join('; '), { severity: 'error' });
      else showSnackbar(uploaded === 1 ? FILE_UPLOADED : `${uploaded} files uploaded`, { severity: 'success' });
      await refresh();
    } finally {
      setIsUploading(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setIsRemoving(true);
    try {
      await removeAttachment(ticketId, removing.id);
      showSnackbar(ATTACHMENT_MESSAGES.removed, { severity: 'success' });
      await refresh();
    } catch (e) {
      showSnackbar(e instanceof Error ? e.message : String(e), { severity: 'error' });
    } finally {
      setIsRemoving(false);
      setRemoving(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {files.isError && <TicketLoadError message={files.error.message} />}
      {files.data && files.data.rows.length === 0 && <Typography color="text.secondary">No files attached</Typography>}
      {files.data && files.data.rows.length > 0 && (
        <Box component="ul" aria-label="Files" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {files.data.rows.map((f) => (
            <Box component="li" key={f.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
              <InsertDriveFileOutlinedIcon color="action" aria-hidden />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Link href={attachmentUrl(ticketId, f.id)} download={f.fileName} sx={{ overflowWrap: 'anywhere' }}>
                  {f.fileName}
                </Link>
                <Typography variant="caption" component="p" color="text.secondary">
                  {[formatBytes(f.sizeBytes), f.uploadedByName, formatDateTime(f.createdAt, timeZone)].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              {isRemovable(f) && (
                <Tooltip title={`Remove (possible for ${ATTACHMENT_REMOVE_GRACE_MINUTES} minutes after adding it)`}>
                  <IconButton aria-label={`Remove ${f.fileName}`} onClick={() => setRemoving(f)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canAdd && <FileDropZone onFiles={(l) => void add(l)} busy={isUploading} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove file?"
        text={removing ? `'${removing.fileName}' will be removed from this ticket.` : ''}
        confirmLabel="Remove"
        busy={isRemoving}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
