import { contactResources } from './bridged-contacts.ts';
import type { BridgedResource } from './bridged-core.ts';
import { jobResources } from './bridged-jobs.ts';
import { surveyResources } from './bridged-surveys.ts';
import { ticketResources } from './bridged-tickets.ts';

/**
 * Every named bridged resource of both specs (requirements §16.3), by the name the original called it.
 * Adding one is one entry: a `single(...)` or `multiple(...)` of bridged-core.ts (params schema, handler over
 * the module's service, record mapper).
 */
export const BRIDGED_RESOURCES: Readonly<Record<string, BridgedResource>> = {
  ...ticketResources,
  ...contactResources,
  ...jobResources,
  ...surveyResources,
};
