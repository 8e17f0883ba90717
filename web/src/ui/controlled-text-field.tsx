import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

// The one react-hook-form text field of the forms (contacts, devices, jobs, public pages, preferences,
// banner, ticket filter…): the field's value, its error message as helper text, read-only and length
// limits, and a date input whose label stays above it.

type ControlledTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** The form value of what is typed or chosen (e.g. Number for a select of numbers); the text itself by default. */
  parse?: (text: string) => unknown;
  readOnly?: boolean;
  maxLength?: number;
};

/** A TextField bound to a react-hook-form field; its validation message shows under it (or `helperText` when valid). */
export function ControlledTextField<T extends FieldValues>({ name, control, parse, readOnly, maxLength, helperText, type, slotProps, ...rest }: ControlledTextFieldProps<T>) {
  const merged = {
    ...slotProps,
    ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
    ...(readOnly !== undefined ? { input: { readOnly } } : {}),
    ...(maxLength !== undefined ? { htmlInput: { maxLength } } : {}),
  };
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          type={type}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
          disabled={rest.disabled ?? field.disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={merged}
        />
      )}
    />
  );
}
