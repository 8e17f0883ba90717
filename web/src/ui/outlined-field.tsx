import type { ChangeEventHandler, FocusEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface OutlinedFieldProps {
  id: string;
  label: string;
  name?: string;
  type?: string;
  autoComplete?: string;
  value?: string;
  defaultValue?: string;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself, as TextField's `slotProps.htmlInput`. */
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`aria-${string}`, unknown> };
}

/**
 * An outlined text input with TextField's markup (label, notch, helper text, aria-describedby), built from
 * its parts. MUI's TextField imports Select (Menu, Popover, Modal) for its `select` mode; the login page's
 * fields use this instead so its JavaScript stays within budget (decision 028). Other screens use TextField.
 */
export function OutlinedField({ id, label, helperText, error, fullWidth, endAdornment, slotProps, inputRef, ...input }: OutlinedFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={slotProps?.htmlInput}
        aria-describedby={helperTextId}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
