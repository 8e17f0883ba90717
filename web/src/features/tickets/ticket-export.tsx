import { useState } from 'react';
import { TICKET_EXPORT_LIMIT, type TicketListRequestInput, type TicketType } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { exportPath } from './api.ts';

const EXPORT_TITLES: Record<TicketType, string> = { Incident: 'Export Incidents', ServiceRequest: 'Export Service Requests' };
const EXPORT_TEXT = `Only the first ${TICKET_EXPORT_LIMIT} records, as sorted and filtered, are exported. It can take some time.`;
const FALLBACK_NAMES: Record<TicketType, string> = { Incident: 'INCIDENTS_CMS.xlsx', ServiceRequest: 'SERVICE_REQUESTS_CMS.xlsx' };

interface TicketExportProps {
  open: boolean;
  kind: TicketType;
  /** The list's current query: the export holds its first 2000 rows in the same order. */
  request: TicketListRequestInput;
  onClose: () => void;
}

/** Export to Excel (requirements §2.1, §2.6): confirmation first, then the download with progress on the button. */
export function TicketExport({ open, kind, request, onClose }: TicketExportProps) {
  const [isBusy, setIsBusy] = useState(false);
  const showSnackbar = useSnackbar();
  const run = async () => {
    setIsBusy(true);
    try {
      await downloadFile(exportPath(kind, request), FALLBACK_NAMES[kind]);
      onClose();
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={EXPORT_TITLES[kind]}
      text={EXPORT_TEXT}
      confirmLabel={isBusy ? 'Exporting…' : 'Export'}
      busy={isBusy}
      onConfirm={() => void run()}
      onCancel={onClose}
    />
  );
}
