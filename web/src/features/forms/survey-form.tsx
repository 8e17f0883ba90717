import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import { useColorScheme, useTheme, type CssVarsTheme } from '@mui/material/styles';
import { Model, QuestionHtmlModel, type ITheme } from 'survey-core';
import DefaultDarkPanelless from 'survey-core/themes/default-dark-panelless';
import DefaultLightPanelless from 'survey-core/themes/default-light-panelless';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';

// The SurveyJS renderer (requirements §14.1). Only the form-engine routes import this file, so the
// form library stays out of the login and main bundles. Its default panelless theme is given the
// app's MUI palette and font, light or dark.

export interface SurveyState {
  values: Record<string, unknown>;
  /** The name of the page shown. */
  page: string | null;
}

export interface SurveyFormProps {
  definition: Record<string, unknown>;
  values?: Record<string, unknown> | undefined;
  /** values[name] prefill: the raw query values per question name. */
  prefill?: Record<string, string[]> | undefined;
  page?: string | null | undefined;
  readOnly?: boolean;
  /** The live preview of the editor: nothing is saved. */
  preview?: boolean;
  /** Called with the answers when the last page is completed; throw to stay on the form. */
  onComplete?: (s: SurveyState) => Promise<void>;
  /** Gives the parent a way to read the current answers and page (Save Draft). */
  stateRef?: React.RefObject<(() => SurveyState) | null>;
}

/** A query value for a question: booleans and numbers as such, several values for multiple choice. */
function prefillValue(type: string, inputType: string | undefined, raw: string[]): unknown {
  if (type === 'checkbox' || type === 'tagbox') return raw;
  const v = raw[0] ?? '';
  if (type === 'boolean') return v === 'true' ? true : v === 'false' ? false : undefined;
  if (inputType === 'number' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  return v;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
const asText = (v: unknown): string => (Array.isArray(v) ? v.map(asText).join(', ') : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Answers substituted into HTML ({q1} in an html element, completedHtml …) are text, not markup (issue 33
 * item 4). The form library substitutes synchronously, in an html element's getProcessedText and in the
 * survey's processHtml: while either runs, a counter is up, and the model's onProcessDynamicText handler
 * escapes every value it substitutes. Titles and other plain texts, which the renderer shows as text, are
 * left as they are. The two methods are wrapped once, on the library's classes.
 */
let processingHtml = 0;
function countedWhileRunning<A extends unknown[], R>(fn: (this: unknown, ...a: A) => R) {
  return function (this: unknown, ...a: A): R {
    processingHtml++;
    try {
      return fn.apply(this, a);
    } finally {
      processingHtml--;
    }
  };
}
/* eslint-disable @typescript-eslint/unbound-method -- the originals are re-bound by countedWhileRunning */
QuestionHtmlModel.prototype.getProcessedText = countedWhileRunning(QuestionHtmlModel.prototype.getProcessedText);
Model.prototype.processHtml = countedWhileRunning(Model.prototype.processHtml);
/* eslint-enable @typescript-eslint/unbound-method */

/** Escapes, on this model, the answers substituted into HTML (above). */
export function escapeAnswersInHtml(m: Model): void {
  m.onProcessDynamicText.add((_sender, options) => {
    if (processingHtml > 0 && options.value !== undefined && options.value !== null) options.value = escapeHtml(asText(options.value));
  });
}

/** The name of the page shown. */
function pageName(m: Model): string | null {
  const p: unknown = m.currentPage;
  return p && typeof p === 'object' && 'name' in p ? String(p.name) : null;
}

export function SurveyForm({ definition, values, prefill, page, readOnly = false, preview = false, onComplete, stateRef }: SurveyFormProps) {
  const theme = useTheme<CssVarsTheme>();
  // The app's theme has CSS-variable colour schemes: theme.palette is always the light one, so the
  // scheme shown comes from useColorScheme ('system' follows the OS).
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const palette = theme.colorSchemes[dark ? 'dark' : 'light']?.palette ?? theme.palette;
  const model = useMemo(() => {
    const m = new Model(definition);
    escapeAnswersInHtml(m);
    if (values) m.data = values;
    for (const [name, raw] of Object.entries(prefill ?? {})) {
      const q = m.getQuestionByValueName(name);
      if (!q) continue;
      const v = prefillValue(q.getType(), (q as { inputType?: string }).inputType, raw);
      if (v !== undefined) m.setValue(name, v);
    }
    if (page) {
      const p = m.getPageByName(page);
      if (p) m.currentPage = p;
    }
    if (readOnly) m.mode = 'display';
    return m;
    // A new model only for another definition or record; answers typed stay while the page re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, values, page, readOnly]);

  useEffect(() => {
    if (!onComplete || preview) return;
    const handler = (sender: Model, options: { showSaveInProgress: () => void; showSaveSuccess: () => void; showSaveError: (text: string) => void }) => {
      options.showSaveInProgress();
      onComplete({ values: sender.data as Record<string, unknown>, page: pageName(sender) }).then(
        () => options.showSaveSuccess(),
        (e: unknown) => options.showSaveError(e instanceof Error ? e.message : 'An Error Occurred'),
      );
    };
    model.onComplete.add(handler);
    return () => model.onComplete.remove(handler);
  }, [model, onComplete, preview]);

  useEffect(() => {
    if (!stateRef) return;
    stateRef.current = () => ({ values: model.data as Record<string, unknown>, page: pageName(model) });
  }, [model, stateRef]);

  useEffect(() => {
    const base: ITheme = dark ? DefaultDarkPanelless : DefaultLightPanelless;
    const p = palette.primary;
    model.applyTheme({
      ...base,
      cssVariables: {
        ...base.cssVariables,
        '--sjs2-color-bg-brand-primary': p.main,
        '--sjs2-color-bg-brand-primary-dim': p.dark,
        '--sjs2-color-fg-brand-primary': p.main,
        '--sjs2-color-bg-basic-primary': palette.background.paper,
        '--sjs2-color-border-brand-primary': p.main,
        '--sjs2-color-fg-brand-on-primary': p.contrastText,
        '--font-family': theme.typography.fontFamily ?? 'inherit',
        '--sjs-font-family': theme.typography.fontFamily ?? 'inherit',
      },
    });
  }, [model, theme, dark, palette]);

  return (
    <Box sx={{ '& .sd-root-modern': { fontFamily: theme.typography.fontFamily }, borderRadius: 2, overflow: 'hidden' }} data-testid="survey-form">
      <Survey model={model} />
    </Box>
  );
}
