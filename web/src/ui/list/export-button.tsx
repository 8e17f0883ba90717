import { useState } from 'react';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../app-snackbar.tsx';
import { BusyButton } from '../busy-button.tsx';
import { downloadFile } from '../download-file.ts';

/** A list's Export button: downloads the server's file (its name comes from the server), errors in a snackbar. */
export function ExportButton({ path, fallbackName, disabled }: { path: string; fallbackName: string; disabled?: boolean }) {
  const showSnackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <BusyButton
      startIcon={<FileDownloadIcon />}
      busy={busy}
      disabled={disabled}
      onClick={() => {
        setBusy(true);
        downloadFile(path, fallbackName)
          .catch((e: unknown) => showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' }))
          .finally(() => setBusy(false));
      }}
    >
      Export
    </BusyButton>
  );
}
