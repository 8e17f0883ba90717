import { createTheme } from '@mui/material/styles';

/** The system font stack: no font download at run time (UI.md, Frame). */
export const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

/** Where the chosen mode ('light' | 'dark' | 'system') is remembered. */
export const COLOR_MODE_STORAGE_KEY = 'sc-color-mode';
export const DRAWER_WIDTH = 300;

/**
 * One theme with a light and a dark colour scheme. CSS variables with a class selector let the
 * top bar toggle override the OS preference (a 'media' selector could not be overridden).
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // WCAG AA text on filled colours (status chips: amber On Hold, red Escalation in dark): MUI's default is 3.
        contrastThreshold: 4.5,
        primary: { main: '#1d3f91' },
        secondary: { main: '#00796b' },
        background: { default: '#f4f6fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: '#8fb1ff' },
        secondary: { main: '#4fd1c5' },
        background: { default: '#0e131d', paper: '#151c29' },
      },
    },
  },
  shape: { borderRadius: 8 },
  spacing: 8,
  typography: {
    fontFamily: FONT_STACK,
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontSize: '1.75rem', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: ({ theme: t }) => ({
          backgroundColor: t.vars.palette.background.paper,
          borderBottom: `1px solid ${t.vars.palette.divider}`,
        }),
      },
    },
    MuiDialog: {
      styleOverrides: { paper: ({ theme: t }) => ({ boxShadow: t.shadows[8] }) },
    },
    // Visible keyboard focus everywhere, not only the ripple's faint tint.
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${t.vars.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: {
        root: ({ theme: t }) => ({
          '&:focus-visible': { outline: `2px solid ${t.vars.palette.primary.main}`, outlineOffset: 2, borderRadius: 2 },
        }),
      },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
