/** A rate 0..1 as a percentage with one decimal; '—' when there is none. */
export const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`;

/** A size in B, KB or MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The first characters of a sha256, enough to tell artefacts apart. */
export const shortSha = (sha: string) => sha.slice(0, 12);
