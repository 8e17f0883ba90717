import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * requirements §8.1 / §3.1: while `when` is true, leaving the page asks 'Are you sure you want to leave?'
 * (in-app navigation through a dialog, closing the tab through the browser's own prompt).
 */
export function LeavePagePrompt({ when, text = 'Are you sure you want to leave?' }: { when: boolean; text?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={text}
      text="If you have unsaved changes, they will be lost."
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
