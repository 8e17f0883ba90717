import { findReport, REPORT_TEXTS, type ReportEmbedToken } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { embedOf, requireReportsAdmin } from './service.ts';

// requirements §13.6 (issue 15 item 3): a report configured as an external embed. The server asks the
// provider's embed-token API for a token (GET {REPORT_EMBED_TOKEN_URL}/{reportKey}, headers for the
// secret, the dataset and the user name: spec §7 'Embed token') and hands the browser only the token and
// the page to frame; REPORT_EMBED_SECRET never leaves the server.

const TOKEN_TIMEOUT_MS = 10_000;

const upstream = (message: string) => new AppError('BAD_GATEWAY', REPORT_TEXTS.tokenApiFailed(message));

export async function getEmbedToken(config: Config, scope: Scope, reportId: string, fetchImpl: typeof fetch = fetch): Promise<ReportEmbedToken> {
  requireReportsAdmin(scope);
  const report = findReport(reportId);
  if (!report) throw notFound('Report not found');
  const embed = embedOf(config, report.id);
  if (!embed) throw notFound('Report is not embedded');
  if (!config.reportEmbedTokenUrl) throw upstream('no embed-token API configured');

  const url = `${config.reportEmbedTokenUrl.replace(/\/+$/, '')}/${encodeURIComponent(embed.reportKey)}`;
  const headers: Record<string, string> = { accept: 'application/json', 'x-username': scope.email };
  if (config.reportEmbedSecret) headers.authorization = `Bearer ${config.reportEmbedSecret}`;
  if (embed.dataset) headers['x-dataset'] = embed.dataset;
  let res: Response;
  try {
    res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
  } catch (err) {
    throw upstream(err instanceof Error && err.name === 'TimeoutError' ? 'a time-out' : 'no answer');
  }
  if (!res.ok) throw upstream(`status ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw upstream('an answer that is not JSON');
  }
  // The response shape is not in the spec: accept the usual names of the token and its expiry.
  const b = (body ?? {}) as Record<string, unknown>;
  const token = [b.token, b.embedToken, b.accessToken].find((v): v is string => typeof v === 'string' && v.length > 0);
  if (!token) throw upstream('an answer without a token');
  const exp = [b.expiresAt, b.expiration, b.expiry].find((v): v is string => typeof v === 'string');
  return { embedUrl: embed.embedUrl, token, expiresAt: exp ?? null };
}
