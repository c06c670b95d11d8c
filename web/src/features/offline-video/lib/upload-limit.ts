/**
 * The server's upload limit as its last answer told it (OfflineUpload.maxBytes); until then
 * unknown, and the server alone decides. A file over a known limit is refused before sending it.
 */
let knownMaxBytes: number | null = null;

export function rememberUploadLimit(maxBytes: number): void {
  if (Number.isInteger(maxBytes) && maxBytes > 0) knownMaxBytes = maxBytes;
}

export function exceedsKnownLimit(size: number): boolean {
  return knownMaxBytes !== null && size > knownMaxBytes;
}

/** Tests only. */
export function forgetUploadLimit(): void {
  knownMaxBytes = null;
}
