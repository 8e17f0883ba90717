import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';

/** requirements §1.6: snackbars hide after 5 s. */
const SNACKBAR_AUTO_HIDE_MS = 5000;

interface SnackbarOptions {
  severity?: AlertColor;
  autoHideDuration?: number;
  /** A long heads-up: on a phone one short line (the full text is elsewhere on the page), so it covers little. */
  compact?: boolean;
}
type ShowSnackbar = (message: string, options?: SnackbarOptions) => void;

interface Message {
  key: number;
  text: string;
  severity: AlertColor;
  autoHideDuration: number;
  compact: boolean;
}

const SnackbarContext = createContext<ShowSnackbar | null>(null);

/**
 * One snackbar at a time, bottom-left; it closes on its timeout or its close button only
 * (requirements §1.1: a click-away does not close it; neither does Escape, which UI.md rules out too).
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const lastKey = useRef(0);

  const show = useCallback<ShowSnackbar>(
    (text, options = {}) => {
      lastKey.current += 1;
      setMessage({
        key: lastKey.current,
        text,
        severity: options.severity ?? 'info',
        autoHideDuration: options.autoHideDuration ?? SNACKBAR_AUTO_HIDE_MS,
        compact: options.compact ?? false,
      });
      setIsOpen(true);
    },
    [],
  );

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'timeout') setIsOpen(false);
  };

  return (
    <SnackbarContext.Provider value={show}>
      {children}
      {message && (
        // A new key replaces the previous message at once instead of queueing it.
        <Snackbar
          key={message.key}
          open={isOpen}
          autoHideDuration={message.autoHideDuration}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        >
          <Alert
            severity={message.severity}
            variant="filled"
            onClose={() => setIsOpen(false)}
            sx={{
              width: '100%',
              maxWidth: 560,
              ...(message.compact && {
                py: { xs: 0, sm: 0.75 },
                '& .MuiAlert-message': { overflow: 'hidden', textOverflow: { xs: 'ellipsis', sm: 'clip' }, whiteSpace: { xs: 'nowrap', sm: 'normal' } },
              }),
            }}
          >
            {message.text}
          </Alert>
        </Snackbar>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return show;
}
