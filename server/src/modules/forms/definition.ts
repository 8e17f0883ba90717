import { ConditionsParser, Model, type Question } from 'survey-core';
import type { FormDefinition } from '@sc/common';
import { badRequest } from '../../http/errors.ts';
import { sanitizeNoteHtml } from '../ticket-detail/note-html.ts';

// requirements §14.1: a form definition is a SurveyJS JSON document. The server reads it with the
// same form library the browser renders it with (survey-core runs in Node), so what the space admin
// publishes is what people fill in, and the server can check answers and write them out as text.

/** The SurveyJS question types the portal offers (the usual kinds of issue 16, item 1, and layout panels). */
const SUPPORTED_TYPES = new Set([
  'text',
  'comment',
  'dropdown',
  'tagbox',
  'checkbox',
  'radiogroup',
  'boolean',
  'file',
  'html',
  'panel',
  'paneldynamic',
  'rating',
  'expression',
  'multipletext',
  'matrix',
]);
const EXPRESSION_KEYS = ['visibleIf', 'enableIf', 'requiredIf'] as const;
/** The longest definition the server stores (characters of its JSON). */
const MAX_DEFINITION_CHARS = 200_000;

function quietModel(definition: FormDefinition): Model {
  // survey-core logs invalid expressions with console.warn; the checks below report them instead.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return new Model(definition);
  } finally {
    console.warn = warn;
  }
}

interface ElementJson {
  type?: unknown;
  name?: unknown;
  elements?: unknown;
  templateElements?: unknown;
  [key: string]: unknown;
}

function* elementsOf(list: unknown): Generator<ElementJson> {
  if (!Array.isArray(list)) return;
  for (const el of list as unknown[]) {
    if (!el || typeof el !== 'object') continue;
    const e = el as ElementJson;
    yield e;
    yield* elementsOf(e.elements);
    yield* elementsOf(e.templateElements);
  }
}

/** The survey-level HTML texts of a definition (the element-level one is an html element's `html`). */
const SURVEY_HTML_KEYS = ['completedHtml', 'completedBeforeHtml', 'loadingHtml'] as const;

/** A text or a localised text ({ default, fr … }) with each string sanitised. */
function sanitizedText(v: unknown): unknown {
  if (typeof v === 'string') return sanitizeNoteHtml(v);
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.fromEntries(Object.entries(v).map(([k, s]) => [k, typeof s === 'string' ? sanitizeNoteHtml(s) : s]));
  return v;
}

/**
 * The definition with its authored HTML sanitised as notes are (basic formatting and http/https/mailto
 * links; no script, event handler, style or iframe): html elements, completedHtml and the conditional
 * completed pages (issue 33 item 4). Answers substituted into it at run time are escaped by the web.
 */
export function sanitizedDefinition(definition: FormDefinition): FormDefinition {
  const copy = structuredClone(definition);
  for (const key of SURVEY_HTML_KEYS) if (key in copy) copy[key] = sanitizedText(copy[key]);
  if (Array.isArray(copy.completedHtmlOnCondition)) {
    for (const c of copy.completedHtmlOnCondition as unknown[]) if (c && typeof c === 'object' && 'html' in c) Object.assign(c, { html: sanitizedText(c.html) });
  }
  const pages: unknown = copy.pages ?? (copy.elements ? [{ elements: copy.elements }] : []);
  for (const page of Array.isArray(pages) ? (pages as unknown[]) : []) {
    if (!page || typeof page !== 'object') continue;
    for (const el of elementsOf((page as ElementJson).elements)) if (el.type === 'html' && 'html' in el) el.html = sanitizedText(el.html);
  }
  return copy;
}

/**
 * Checks a definition and answers the problems as a 400 naming them (field `definition`): not
 * readable by the form library, no page or question, an unsupported question type, a repeated or
 * missing question name, an expression that does not parse.
 */
export function checkDefinition(definition: FormDefinition): void {
  const fail = (message: string): never => {
    throw badRequest({ definition: message });
  };
  if (JSON.stringify(definition).length > MAX_DEFINITION_CHARS) fail(`The definition is longer than ${MAX_DEFINITION_CHARS} characters`);
  const pages: unknown = definition.pages ?? (definition.elements ? [{ elements: definition.elements }] : undefined);
  if (!Array.isArray(pages) || pages.length === 0) fail('The definition needs "pages" (a list of pages with "elements")');
  const names = new Set<string>();
  const parser = new ConditionsParser();
  for (const [i, page] of (pages as unknown[]).entries()) {
    if (!page || typeof page !== 'object') fail(`Page ${i + 1} is not an object`);
    for (const el of elementsOf((page as ElementJson).elements)) {
      const type = typeof el.type === 'string' ? el.type : '';
      if (!SUPPORTED_TYPES.has(type)) fail(`Unsupported question type "${type || '(none)'}" on page ${i + 1}`);
      if (typeof el.name !== 'string' || !el.name.trim()) fail(`A "${type}" element on page ${i + 1} has no "name"`);
      const name = el.name as string;
      if (type !== 'panel' && type !== 'html') {
        if (names.has(name)) fail(`The question name "${name}" is used twice`);
        names.add(name);
      }
      for (const key of EXPRESSION_KEYS) {
        const expr = el[key];
        if (expr === undefined) continue;
        if (typeof expr !== 'string' || !parser.parseExpression(expr)) fail(`The ${key} expression of "${name}" does not parse: ${JSON.stringify(expr)}`);
      }
    }
  }
  if (names.size === 0) fail('The definition has no question');
  const model = quietModel(definition);
  const [jsonError] = model.jsonErrors ?? [];
  if (jsonError) fail(jsonError.message);
}

/** The names of the questions a definition asks (answers under other names are not kept). */
function questionNames(model: Model): Set<string> {
  return new Set(model.getAllQuestions(false, false, true).map((q: Question) => q.getValueName()));
}

/** The answers limited to the definition's questions. */
export function keepKnownValues(definition: FormDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const known = questionNames(quietModel(definition));
  return Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k)));
}

/**
 * A submitted form must have every visible required question answered (and the library's own
 * validators satisfied): otherwise a 400 naming the first such question.
 */
export function checkAnswers(definition: FormDefinition, values: Record<string, unknown>): void {
  const model = quietModel(definition);
  model.data = values;
  const errors: Record<string, string> = {};
  for (const q of model.getAllQuestions(true)) {
    if (q.hasErrors(false)) errors[q.name] = q.errors[0]?.text ?? 'Response required.';
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

const fileNames = (v: unknown): string =>
  Array.isArray(v)
    ? v
        .map((f) => (f && typeof f === 'object' && 'name' in f ? String((f as { name: unknown }).name) : ''))
        .filter(Boolean)
        .join(', ')
    : '';

function displayText(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(displayText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${displayText(v)}`)
      .join('; ');
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The answers as readable text (the description of the service request a submission creates):
 * one 'Question: answer' line per answered visible question, grouped under the page titles.
 */
export function answersText(definition: FormDefinition, values: Record<string, unknown>): string {
  const model = quietModel(definition);
  model.data = values;
  const lines: string[] = [];
  for (const page of model.visiblePages) {
    const answered = page.questions.filter((q) => q.isVisible && !q.isEmpty() && q.getType() !== 'html' && q.getType() !== 'expression');
    if (!answered.length) continue;
    if (lines.length) lines.push('');
    lines.push(page.title || page.name);
    for (const q of answered) {
      const shown = q.getType() === 'file' ? fileNames(q.value) : displayText(q.displayValue);
      lines.push(`${q.title || q.name}: ${shown}`);
    }
  }
  return lines.join('\n');
}

/**
 * A one-line summary of the first answers (the submissions list): with the version's definition,
 * in question order and as shown (a choice's text, not its value); without one, the stored values.
 */
export function answersSummary(definition: FormDefinition | null, values: Record<string, unknown>, max = 120): string {
  const parts: string[] = [];
  const add = (text: string) => {
    if (text) parts.push(text);
    return parts.join(' · ').length > max;
  };
  if (definition) {
    const model = quietModel(definition);
    model.data = values;
    for (const q of model.getAllQuestions()) {
      if (!q.isVisible || q.isEmpty() || ['html', 'expression', 'boolean'].includes(q.getType())) continue;
      if (add(q.getType() === 'file' ? fileNames(q.value) : displayText(q.displayValue))) break;
    }
  } else {
    for (const v of Object.values(values)) {
      if (v == null || v === '' || typeof v === 'boolean') continue;
      if (add(Array.isArray(v) && v.some((x) => x && typeof x === 'object' && 'content' in x) ? fileNames(v) : displayText(v))) break;
    }
  }
  const s = parts.join(' · ');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** The names of a definition's pages, in order (a draft's currentPage must be one of them). */
export function pageNames(definition: FormDefinition): string[] {
  return quietModel(definition).pages.map((p) => p.name);
}
