import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BANNER_MESSAGES, ZBannerSaveRequestSchema, type Banner, type BannerSaveRequest, type BannerSaveValues } from '@sc/common';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { useOwnBanner, useSaveBanner } from './api.ts';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

export interface BannerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in user's zone, for the 'last updated' line. */
  timeZone: string;
}

const TITLE_ID = 'banner-dialog-title';

/**
 * requirements §6.1 Banner Message dialog. The form lives only while the dialog is open, so closing it
 * clears what was loaded or typed (requirements §6).
 */
export function BannerDialog({ open, onClose, timeZone }: BannerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={TITLE_ID} maxWidth="sm" fullWidth>
      <DialogTitle id={TITLE_ID}>Banner Message</DialogTitle>
      {open && <BannerDialogBody onClose={onClose} timeZone={timeZone} />}
    </Dialog>
  );
}

function BannerDialogBody({ onClose, timeZone }: Omit<BannerDialogProps, 'open'>) {
  const banner = useOwnBanner(true);
  useEffect(() => {
    // requirements §6.6: a failure to load the banner is only logged; the form starts empty.
    if (banner.isError) console.error('Failed to load banner message', banner.error);
  }, [banner.isError, banner.error]);

  if (banner.isPending) {
    return (
      <>
        <DialogContent>
          <Box aria-busy="true" aria-label="Loading banner message" sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={140} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </>
    );
  }
  return <BannerForm banner={banner.data} onClose={onClose} timeZone={timeZone} />;
}

function BannerForm({ banner, onClose, timeZone }: { banner: Banner | undefined; onClose: () => void; timeZone: string }) {
  const save = useSaveBanner();
  const showSnackbar = useSnackbar();
  const form = useForm<BannerSaveRequest, unknown, BannerSaveValues>({
    resolver: zodResolver(ZBannerSaveRequestSchema),
    defaultValues: { expirationDate: banner?.expirationDate ?? '', message: banner?.message ?? '' },
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      showSnackbar(BANNER_MESSAGES.saved, { severity: 'success' });
      onClose();
    } catch (e) {
      // The dialog stays open with what was typed, so the user can retry.
      showSnackbar(`${BANNER_MESSAGES.saveFailed}${e instanceof Error ? e.message : String(e)}`, { severity: 'error' });
    }
  });

  const whose = banner?.scope === 'global' ? 'Shown to every customer.' : banner?.scope === 'customer' ? 'Shown to everyone in your organization.' : null;
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {whose && (
          <Typography variant="body2" color="text.secondary">
            {whose} It shows on the home page until the end of the expiration date.
          </Typography>
        )}
        <ControlledTextField name="expirationDate" control={form.control} type="date" label="Expiration Date" required sx={{ maxWidth: { sm: 240 }, mt: 1 }} />
        <ControlledTextField name="message" control={form.control} label="Application Banner Message" multiline rows={5} fullWidth helperText="Leave empty to remove the banner." />
        {banner?.updatedDate && (
          <Typography variant="caption" color="text.secondary">
            {`Last updated ${formatDateTime(banner.updatedDate, timeZone)}${banner.updatedBy ? ` by ${banner.updatedBy}` : ''}`}
          </Typography>
        )}
      </DialogContent>
      <FormDialogActions submitLabel="Save" busy={save.isPending} onCancel={onClose} />
    </Box>
  );
}
