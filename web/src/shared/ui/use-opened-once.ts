import { useState } from 'react';

/**
 * True from the first time `open` is true on: a drawer or dialog loaded on demand (React.lazy) is
 * mounted when first opened and then stays mounted, so it closes with its animation and opens again
 * at once. Until then the layout neither loads nor renders it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
