import logoUrl from './logo.svg';

/** Application logo: the server's smallLogo when set, else the bundled mark. */
export function Logo({ src, size = 32 }: { src?: string; size?: number }) {
  return (
    <img src={src || logoUrl} width={size} height={size} alt="" style={{ borderRadius: 6, flex: 'none' }} />
  );
}
