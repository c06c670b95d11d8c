import { useSearchParams } from 'react-router';

/** A numeric id kept in the page's query string (survives a reload), e.g. ?sceneId=3. */
export function useIdParam(name: string): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const value = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const set = (id: number | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === undefined) next.delete(name);
        else next.set(name, String(id));
        return next;
      },
      { replace: true },
    );
  return [value, set];
}
