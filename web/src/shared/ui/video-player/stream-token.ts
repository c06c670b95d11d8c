/**
 * A signed stream address carries its token in the query (`…/CAM-01.m3u8?token=…`), but an HLS
 * playlist names its fragments without it (`CAM-01-12.ts`), so a media server that checks every
 * request (nginx `auth_request`) would serve the fragments unchecked or refuse them. The player
 * carries the playlist's token to every address it loads on the playlist's own origin; never to
 * another origin (a token is not handed to third parties), never over a token already there.
 */
export function withStreamToken(url: string, playlistUrl: string): string {
  let target: URL;
  let playlist: URL;
  try {
    playlist = new URL(playlistUrl);
    target = new URL(url, playlist);
  } catch {
    return url;
  }
  const token = playlist.searchParams.get('token');
  if (!token || target.origin !== playlist.origin || target.searchParams.has('token')) return url;
  target.searchParams.set('token', token);
  return target.toString();
}
