import { apiGet } from '@/lib/http';

/** A valve's request QR (issue 34) holds its request page's address: any host, /r/<token>. */
const REQUEST_PAGE = /^https?:\/\/[^/\s]+\/r\/([A-Za-z0-9_-]{1,100})\/?$/;

/** The token of a scanned request QR, or null for any other code (a lookup code holds the valve ID alone). */
export function requestTokenOf(text: string): string | null {
  return REQUEST_PAGE.exec(text.trim())?.[1] ?? null;
}

/**
 * The valve tag a scanned code names. A label carries the request QR beside the lookup code, and the camera may
 * read either first (jsQR reads one code a frame): the request QR's valve is asked of the server, so either code
 * opens the valve. With no signal that read fails and the code is looked up as it is (and not found).
 */
export async function scannedTag(text: string): Promise<string> {
  const token = requestTokenOf(text);
  if (!token) return text.trim();
  try {
    return (await apiGet<{ valveTag: string }>(`/api/requests/labels/${token}`)).valveTag;
  } catch (error) {
    console.warn('The valve of a scanned request QR could not be read', error);
    return text.trim();
  }
}
