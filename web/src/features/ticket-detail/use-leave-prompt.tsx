import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

const LEAVE_PROMPT = 'Are you sure you want to leave?';
export const CANCEL_TITLE = 'Are you sure?';
export const CANCEL_TEXT = 'If you have unsaved changes, they will be lost.';

/**
 * requirements §3.1: leaving an edit page with unsaved changes prompts 'Are you sure you want to leave?'
 * (in-app navigation through the router's blocker, closing or reloading the tab through the
 * browser's own beforeunload prompt).
 */
export function LeavePrompt({ when, isLeaving }: { when: boolean; isLeaving: RefObject<boolean> }) {
  // isLeaving is read at navigation time: a save or a confirmed Cancel leaves without asking.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && !isLeaving.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={LEAVE_PROMPT}
      text={CANCEL_TEXT}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
