import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LazyTooltip } from './lazy-tooltip.tsx';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field.tsx';

/**
 * A password input with the spec's show/hide toggle (requirements §1.1, Login). It is on the login page,
 * so it is built from the light OutlinedField and LazyTooltip (decision 028).
 */
export function PasswordField(props: Omit<OutlinedFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  const toggleLabel = isVisible ? 'Hide password' : 'Show password';
  return (
    <OutlinedField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <LazyTooltip title={toggleLabel}>
            <IconButton
              aria-label={toggleLabel}
              onClick={() => setIsVisible((v) => !v)}
              // Keep the caret in the field while toggling.
              onMouseDown={(e) => e.preventDefault()}
              edge="end"
            >
              {isVisible ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </LazyTooltip>
        </InputAdornment>
      }
    />
  );
}
