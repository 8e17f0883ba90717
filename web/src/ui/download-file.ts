import { API_BASE, ApiError } from '../api/client.ts';

/** The file name of a Content-Disposition header, or the fallback. */
function fileNameOf(header: string | null, fallback: string): string {
  const m = header && /filename="?([^";]+)"?/i.exec(header);
  return m?.[1] ?? fallback;
}

/**
 * Downloads an export from the API with the session cookie: a failure becomes an ApiError (shown
 * in a snackbar) instead of a broken file.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await fetch(`${API_BASE}${path}`, { credentials: 'same-origin' });
  if (!res.ok) {
    let message = 'An Error Occurred';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, 'INTERNAL', message);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}

/** Hands a file made in the browser (a chart's data or image) to the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
